import { DISCORD_EPOCH, snowflakeFrom } from './snowflake.ts';

/**
 * Discord's sharding numbers. The cap is the "Each shard can only support a maximum of 2500 guilds"
 * of the Gateway docs (a session over it closes with 4011); the recommendation is the "approximately
 * 1 shard per 1,000 guilds" of the docs' gateway considerations, which is also what discord.js's
 * `fetchRecommendedShardCount` assumes one recommended shard stands for.
 */
export const DISCORD_SHARDING = {
  maxGuildsPerShard: 2_500,
  guildsPerRecommendedShard: 1_000,
} as const;

export type ShardTuple = readonly [id: number, count: number];

/**
 * Discord's sharding formula, `shard_id = (guild_id >> 22) % num_shards`; DMs (no guild) belong to
 * shard 0 only.
 */
export function shardOf(guildId: string | null, shardCount: number): number {
  if (guildId === null) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

export function inShard(guildId: string | null, shard: ShardTuple): boolean {
  return shardOf(guildId, shard[1]) === shard[0];
}

/** What Discord accepts as IDENTIFY's `shard`: omitted means unsharded, `[0, 1]`. */
export function readShard(value: unknown): ShardTuple | null {
  if (value === undefined || value === null) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [id, count] = value as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  const shard = [id as number, count as number] as const;
  return shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1] ? shard : null;
}

export function checkShard(shard: ShardTuple): void {
  if (readShard(shard) === null) {
    throw new Error(`a shard is [id, count] with 0 <= id < count, got ${JSON.stringify(shard)}`);
  }
}

/** The recommendation `GET /gateway/bot` answers unless a test sets one. */
export function defaultRecommendedShards(guildCount: number): number {
  return Math.max(1, Math.ceil(guildCount / DISCORD_SHARDING.guildsPerRecommendedShard));
}

/** Settings a test may change while the loopback runs. */
export class ShardingSettings {
  /** null: Discord's rule, one shard per 1,000 guilds. */
  recommendedShards: number | null;
  readonly maxGuildsPerShard: number;

  constructor(recommendedShards: number | null, maxGuildsPerShard: number) {
    if (recommendedShards !== null) checkCount(recommendedShards, 'recommendedShards');
    checkCount(maxGuildsPerShard, 'maxGuildsPerShard');
    this.recommendedShards = recommendedShards;
    this.maxGuildsPerShard = maxGuildsPerShard;
  }

  recommended(guildCount: number): number {
    return this.recommendedShards ?? defaultRecommendedShards(guildCount);
  }

  setRecommendedShards(count: number | null): void {
    if (count !== null) checkCount(count, 'recommendedShards');
    this.recommendedShards = count;
  }
}

function checkCount(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be an integer >= 1, got ${value}`);
}

/**
 * Worker bits no generated id uses: ids picked for a shard may reuse a millisecond the generator has
 * already used (or will use), and must still never collide with one of its ids.
 */
const SHARD_PICK_WORKER = 2n;

/**
 * A guild id that `shardOf` maps to `shard`. Only the timestamp bits decide the shard, so it takes the
 * latest millisecond at or before `now` whose offset from Discord's epoch is `id` modulo `count`; the
 * guild then looks created up to `count - 1` ms ago, which no bot can tell from a real one.
 */
export function guildIdOnShard(now: number, shard: ShardTuple, taken: (id: string) => boolean): string {
  checkShard(shard);
  const [id, count] = shard;
  const offset = (((now - DISCORD_EPOCH - id) % count) + count) % count;
  const before = now - offset;
  // A manual clock may sit at the epoch itself: then step forward onto the shard, never before 2015.
  const latest =
    before >= DISCORD_EPOCH ? before : before + Math.ceil((DISCORD_EPOCH - before) / count) * count;
  for (let step = 0; ; step += 1) {
    const back = latest - step * count;
    const ms = back >= DISCORD_EPOCH ? back : latest + step * count;
    for (let increment = 0n; increment < 4096n; increment += 1n) {
      const candidate = snowflakeFrom(ms, SHARD_PICK_WORKER, 0n, increment);
      if (!taken(candidate)) return candidate;
    }
  }
}
