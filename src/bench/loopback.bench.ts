/**
 * `npm run bench -- loopback`: the floor the bot's own latency is measured against.
 * - the round trip of a trivial interaction through the loopback: INTERACTION_CREATE injected,
 *   discord.js builds the interaction, the bot calls reply(), the callback is recorded (p50/p99);
 * - the same with deferReply() then a multipart editReply() carrying a PNG (what a hand costs);
 * - login() to 'clientReady'.
 */
import { once } from 'node:events';
import { AttachmentBuilder, Client, GatewayIntentBits, MessageFlags } from 'discord.js';
import { LoopbackDiscord } from '../loopback/index.ts';
import type { BenchOptions } from '../tools/bench.ts';

type Report = (figure: { bench: string; [k: string]: unknown }) => void;

const FULL = { warmup: 50, samples: 500, pngSamples: 100 };
const QUICK = { warmup: 5, samples: 30, pngSamples: 10 };
/** A 2×1 PNG; the size of the image is not what is measured here. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4AWM8AQQMQAAAFGIDIj3bh7EAAAAASUVORK5CYII=',
  'base64',
);

export async function run(report: Report, { quick }: BenchOptions): Promise<void> {
  const counts = quick ? QUICK : FULL;
  const loopback = await LoopbackDiscord.start({ onInternalError: (error) => console.error(error) });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // P9: the client-side global limit of 50 requests/s would otherwise be what this measures.
    rest: { api: loopback.restApi, globalRequestsPerSecond: 1e6 },
  });
  try {
    client.on('interactionCreate', (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const answer =
        interaction.commandName === 'ping'
          ? interaction.reply('pong')
          : interaction
              .deferReply({ flags: MessageFlags.Ephemeral })
              .then(() =>
                interaction.editReply({ files: [new AttachmentBuilder(PNG, { name: 'hand.png' })] }),
              );
      answer.catch((error: unknown) => console.error('bench bot:', error));
    });
    const loginStarted = performance.now();
    const ready = once(client, 'clientReady');
    await client.login(loopback.token);
    await ready;
    const loginMs = performance.now() - loginStarted;
    await client.application?.commands.set([
      { name: 'ping', description: 'pong' },
      { name: 'hand', description: 'a PNG after a deferral' },
    ]);
    const { control } = loopback;
    const user = control.createUser('bench');
    const actor = control.as(user);

    const measure = async (command: string, samples: number) => {
      const times: number[] = [];
      for (let i = 0; i < counts.warmup + samples; i++) {
        const started = performance.now();
        await actor.slash(command).reply();
        if (i >= counts.warmup) times.push(performance.now() - started);
      }
      return summarize(times);
    };

    report({
      bench: 'loopback.interaction-round-trip',
      command: '/ping → reply()',
      ...(await measure('ping', counts.samples)),
    });
    report({
      bench: 'loopback.deferred-png-round-trip',
      command: '/hand → deferReply() + editReply(PNG)',
      ...(await measure('hand', counts.pngSamples)),
    });
    report({ bench: 'loopback.login', loginToReadyMs: round(loginMs) });
    if (control.internalErrors().length > 0) throw new Error('the loopback reported internal errors');
  } finally {
    await client.destroy();
    await loopback.stop();
  }
}

function summarize(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    samples: sorted.length,
    p50Ms: round(at(0.5)),
    p90Ms: round(at(0.9)),
    p99Ms: round(at(0.99)),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
