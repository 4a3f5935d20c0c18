/**
 * Vitest setup file: the environment a test file found is the one it leaves. Workers keep their modules
 * and their process from file to file (isolate: false), so a change to `process.env` would reach every
 * later file in that worker and the children it spawns: discord.js's ShardingManager, built in-process by
 * the sharded-gateway test, sets SHARDING_MANAGER, and any client or bot started after it then believes it
 * is a shard and calls `process.send`.
 */
import { afterAll } from 'vitest';

const found = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in found)) delete process.env[name];
  Object.assign(process.env, found);
});
