/**
 * `SHARDS=auto|N`: this process becomes discord.js's ShardingManager and starts one child process per
 * shard, each running `npm start`'s entry point as a shard (discord.js gives each its shard in its
 * environment). The manager holds no database connection and answers no interaction.
 */
import { REST, ShardingManager } from 'discord.js';
import { type RESTGetAPIGatewayBotResult, Routes } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import { ENTRY } from '../paths.ts';
import { SHARD_READY_TIMEOUT_MS, ShardFleet } from './shard-fleet.ts';

/**
 * Discord's recommended shard count and how many shards may log in at once, from `GET /gateway/bot` of
 * the API the bot uses. discord.js's own `totalShards: 'auto'` always asks discord.com, whatever REST base
 * the bot is given (the loopback's).
 */
export async function gatewayLimits(
  token: string,
  apiUrl?: string,
): Promise<{ shards: number; maxConcurrency: number }> {
  const rest = new REST(apiUrl ? { api: apiUrl } : {}).setToken(token);
  const answer = (await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult;
  return { shards: answer.shards, maxConcurrency: answer.session_start_limit.max_concurrency };
}

export interface ShardsOptions {
  readonly token: string;
  readonly apiUrl?: string | undefined;
  readonly shards: 'auto' | number;
  readonly log: Logger;
  /**
   * The script each shard runs; `npm start`'s entry point (which runs as a shard when discord.js started it):
   * the bundle `.build/main.js` when this runs compiled, else `src/main.ts`.
   */
  readonly file?: string;
  /** The shards' own stop bound (STOP_TIMEOUT_MS), which the manager allows them when it stops them. */
  readonly stopBoundMs: number;
  /** Told of the manager as soon as it exists, before its shards are spawned (the operator port asks them). */
  readonly created?: (manager: ShardingManager) => void;
}

/** Discord allows one login per 5 s per bucket; `max_concurrency` buckets log in side by side. */
const IDENTIFY_SPACING_MS = 5_500;

/** Starts every shard; the fleet returned restarts a dead one, stops them all, or one at a time. */
export async function startShards(o: ShardsOptions): Promise<ShardFleet> {
  const limits = await gatewayLimits(o.token, o.apiUrl);
  const total = o.shards === 'auto' ? limits.shards : o.shards;
  const manager = new ShardingManager(o.file ?? ENTRY, {
    token: o.token,
    totalShards: total,
    respawn: true,
    // The children run the way this process does: plain Node's options (`--max-semi-space-size=2`) for the
    // bundle, and tsx's loader besides for the TypeScript sources.
    execArgv: process.execArgv,
  });
  o.created?.(manager);
  manager.on('shardCreate', (shard) => o.log.info({ shard: shard.id, of: total }, 'shard started'));
  const fleet = new ShardFleet(manager, { log: o.log, stopBoundMs: o.stopBoundMs });
  // discord.js starts shards one after another; they need no spacing when every one has its own bucket.
  const delay = limits.maxConcurrency >= total ? 0 : IDENTIFY_SPACING_MS;
  await manager.spawn({ amount: total, delay, timeout: SHARD_READY_TIMEOUT_MS });
  fleet.takeOver();
  o.log.info({ shards: total }, 'every shard is ready');
  return fleet;
}
