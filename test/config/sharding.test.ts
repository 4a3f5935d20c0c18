import { describe, expect, it } from 'vitest';
import { loadConfig, shardingOf } from '../../src/config.ts';
import { refusal } from '../helpers/config-refusal.ts';

const TOKEN = { DISCORD_TOKEN: 'x.y.z' };

describe('how the gateway is sharded, from the environment', () => {
  it('one process unless told otherwise', () => {
    expect(shardingOf(loadConfig(TOKEN))).toEqual({ mode: 'single' });
    expect(shardingOf(loadConfig({}))).toEqual({ mode: 'single' });
  });

  it('SHARDS=auto or a number makes this process discord.js’s ShardingManager', () => {
    expect(shardingOf(loadConfig({ ...TOKEN, SHARDS: 'auto' }))).toEqual({ mode: 'manager', shards: 'auto' });
    expect(shardingOf(loadConfig({ ...TOKEN, SHARDS: '3' }))).toEqual({ mode: 'manager', shards: 3 });
    expect(refusal({ ...TOKEN, SHARDS: '0' })).toMatch(/SHARDS/);
    expect(refusal({ ...TOKEN, SHARDS: 'many' })).toMatch(/SHARDS/);
  });

  it('SHARD_IDS with SHARD_COUNT runs given shards, for bots spread over machines', () => {
    expect(shardingOf(loadConfig({ ...TOKEN, SHARD_IDS: '0,2', SHARD_COUNT: '4' }))).toEqual({
      mode: 'fixed',
      ids: [0, 2],
      count: 4,
    });
    expect(refusal({ ...TOKEN, SHARD_IDS: '0,4', SHARD_COUNT: '4' })).toMatch(
      /SHARD_IDS: shard 4 does not exist when SHARD_COUNT is 4 \(shards are 0 to 3\)/,
    );
    expect(refusal({ ...TOKEN, SHARD_IDS: '1,1', SHARD_COUNT: '4' })).toMatch(/listed twice/);
    expect(refusal({ ...TOKEN, SHARD_IDS: '1' })).toMatch(/go together/);
    expect(refusal({ ...TOKEN, SHARD_COUNT: '2' })).toMatch(/go together/);
    expect(refusal({ ...TOKEN, SHARD_IDS: 'one', SHARD_COUNT: '2' })).toMatch(/separated by commas/);
  });

  it('refuses both ways at once, and sharding the local table', () => {
    expect(refusal({ ...TOKEN, SHARDS: '2', SHARD_IDS: '0', SHARD_COUNT: '2' })).toMatch(/not both/);
    expect(refusal({ SHARDS: '2' })).toMatch(/need DISCORD_TOKEN/);
  });

  it('a ShardingManager’s child leaves its shard variables to discord.js, which sets and reads them', () => {
    const child = { ...TOKEN, SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '2' };
    expect(shardingOf(loadConfig(child))).toEqual({ mode: 'single' });
  });
});

describe('the database', () => {
  it('is the SQLite file unless DATABASE_URL names a PostgreSQL', () => {
    expect(loadConfig(TOKEN).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ ...TOKEN, DATABASE_URL: 'postgres://scarab@db/scarab' }).DATABASE_URL).toBe(
      'postgres://scarab@db/scarab',
    );
    expect(refusal({ ...TOKEN, DATABASE_URL: 'mysql://db/scarab' })).toMatch(
      /DATABASE_URL: must be a postgres:\/\//,
    );
  });

  it('the local table keeps its SQLite file', () => {
    expect(refusal({ DATABASE_URL: 'postgres://db/scarab' })).toMatch(/DATABASE_URL needs DISCORD_TOKEN/);
  });
});
