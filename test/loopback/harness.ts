import { once } from 'node:events';
import {
  type ChatInputCommandInteraction,
  Client,
  type ClientOptions,
  GatewayIntentBits,
  type Interaction,
} from 'discord.js';
import type { RESTPostAPIApplicationCommandsJSONBody } from 'discord-api-types/v10';
import { LoopbackDiscord, type LoopbackOptions } from '../../src/loopback/index.ts';

export type Handler = (interaction: Interaction) => Promise<unknown>;

/**
 * A real discord.js client logged in to a fresh loopback, with a tiny bot whose behaviour each test
 * supplies: handlers keyed by command name, or by custom_id for components and modals. Errors thrown
 * by a handler are collected instead of vanishing into discord.js's emitter.
 */
export interface Harness {
  readonly loopback: LoopbackDiscord;
  readonly client: Client;
  readonly errors: unknown[];
  on(key: string, handler: Handler): void;
  stop(): Promise<void>;
}

export const PING: RESTPostAPIApplicationCommandsJSONBody = { name: 'ping', description: 'Replies pong' };

export async function startHarness(
  options: {
    loopback?: LoopbackOptions;
    commands?: RESTPostAPIApplicationCommandsJSONBody[];
    intents?: GatewayIntentBits[];
    client?: Partial<ClientOptions>;
  } = {},
): Promise<Harness> {
  const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 2_000, ...options.loopback });
  const client = new Client({
    intents: options.intents ?? [GatewayIntentBits.Guilds],
    ...options.client,
    // P10: fail fast instead of retrying a stuck request for a minute.
    rest: { api: loopback.restApi, timeout: 2_000, retries: 0, ...options.client?.rest },
  });
  const handlers = new Map<string, Handler>();
  const errors: unknown[] = [];
  client.on('interactionCreate', (interaction) => {
    const key =
      interaction.isCommand() || interaction.isAutocomplete()
        ? interaction.commandName
        : interaction.isMessageComponent() || interaction.isModalSubmit()
          ? interaction.customId
          : '';
    const handler = handlers.get(key);
    if (!handler) {
      errors.push(new Error(`the test bot has no handler for "${key}"`));
      return;
    }
    handler(interaction).catch((error: unknown) => errors.push(error));
  });
  client.on('error', (error) => errors.push(error));
  const ready = once(client, 'clientReady');
  await client.login(loopback.token);
  await ready;
  if (options.commands) await client.application?.commands.set(options.commands);
  return {
    loopback,
    client,
    errors,
    on: (key, handler) => handlers.set(key, handler),
    stop: async () => {
      await client.destroy();
      await loopback.stop();
    },
  };
}

export function asCommand(interaction: Interaction): ChatInputCommandInteraction {
  if (!interaction.isChatInputCommand()) throw new Error('expected a chat input command');
  return interaction;
}

/** A real 2×1 PNG (made with pngjs), so the loopback's width and height can be checked too. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4AWM8AQQMQAAAFGIDIj3bh7EAAAAASUVORK5CYII=',
  'base64',
);
