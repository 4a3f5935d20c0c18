/**
 * Which gateway shards this process runs, and which servers are theirs. Discord's rule: a server's
 * events go to shard `(guild_id >> 22) % shard_count`, DMs to shard 0. Each shard owns the games of its
 * servers (their boards, timers and computer players); the store is shared, so cross-server answers
 * (/mygames, the global leaderboard) work from any shard.
 */
import type { ShardSet } from '../store/schedule-store.ts';

export type { ShardSet } from '../store/schedule-store.ts';

/** One process, one shard: what an unsharded bot runs. */
export const ALL_SHARDS: ShardSet = { ids: [0], count: 1 };

export function shardOfGuild(guildId: string | null, count: number): number {
  if (guildId === null || count <= 1) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Whether this process owns a game played in `guildId` (a game without a server belongs to shard 0). */
export function ownsGuild(shards: ShardSet, guildId: string | null): boolean {
  return shards.ids.includes(shardOfGuild(guildId, shards.count));
}
