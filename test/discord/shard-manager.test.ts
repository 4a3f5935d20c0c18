import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoopbackDiscord } from '../../src/loopback/index.ts';
import { ROOT } from '../../src/paths.ts';
import { npmStartCommand } from '../helpers/npm-start.ts';
import { removeDir } from '../remove-dir.ts';

/** The log's lines (JSON, from the manager and its shards, which share its output), in order. */
function logLines(output: string): { msg: string; time?: number; shard?: number; code?: number }[] {
  return output.split('\n').flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as unknown;
      return parsed && typeof parsed === 'object' && 'msg' in parsed ? [parsed as { msg: string }] : [];
    } catch {
      return [];
    }
  });
}

/**
 * `SHARDS=auto npm start`: the entry point becomes discord.js's ShardingManager, asks the API it is
 * given (here the loopback, which recommends 2) how many shards to run, and each child process logs in
 * as its own shard against the same database. The manager runs `npm start`'s bundle with plain Node, and
 * so must its children (the bundle again, no TypeScript loader). SIGHUP restarts the shards one at a time,
 * each stopped in order before the next; SIGTERM stops every shard in order and waits for them.
 */
describe('npm start with SHARDS=auto', () => {
  it('starts one process per recommended shard, each logged in as its shard; restarts them one at a time; stops them all in order', async () => {
    const loopback = await LoopbackDiscord.start({ defaultGuild: false, recommendedShards: 2 });
    loopback.control.createGuild('A', ['general'], { onShard: [0, 2] });
    loopback.control.createGuild('B', ['general'], { onShard: [1, 2] });
    const dir = mkdtempSync(join(tmpdir(), 'scarab-manager-'));
    const manager = spawn(process.execPath, npmStartCommand(), {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DISCORD_TOKEN: loopback.token,
        DISCORD_API_URL: loopback.restApi,
        SHARDS: 'auto',
        DATABASE_PATH: join(dir, 'scarab.db'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    manager.stdout.on('data', (b: Buffer) => {
      output += b.toString();
    });
    manager.stderr.on('data', (b: Buffer) => {
      output += b.toString();
    });
    // 'close': once every process writing to its pipes (the shards too) has exited, all their lines read.
    const exited = new Promise<number | null>((resolve) => manager.on('close', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      const shards = () =>
        loopback.control.gateway
          .sessions()
          .map((s) => s.shard.join('/'))
          .sort();
      while (shards().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(shards(), output).toEqual(['0/2', '1/2']);
      await expect.poll(() => output, { timeout: 30_000 }).toMatch(/every shard is ready/);
      // Each child's log reaches the manager's stdout through a pipe, which may trail the manager's own
      // word (its shards report ready over IPC): wait for both lines rather than read them at once.
      await expect.poll(() => (output.match(/bot ready/g) ?? []).length, { timeout: 30_000 }).toBe(2);

      // A rolling restart: shard 0 stops in order (asked over IPC, not signalled) and is ready again before
      // shard 1 is stopped. The manager's own lines are in its order; a shard's reach the shared pipe on
      // their own (the manager hears "ready" over IPC), so those are counted. Waits are hang guards.
      manager.kill('SIGHUP');
      await expect.poll(() => output, { timeout: 120_000 }).toMatch(/rolling restart done/);
      const rolling = logLines(output)
        .filter((l) => l.msg.startsWith('rolling restart'))
        .map((l) => (l.shard === undefined ? l.msg : `${l.msg} ${l.shard}`));
      expect(rolling, output).toEqual([
        'rolling restart: one shard at a time',
        'rolling restart: stopping shard 0',
        'rolling restart: shard ready again 0',
        'rolling restart: stopping shard 1',
        'rolling restart: shard ready again 1',
        'rolling restart done',
      ]);
      const said = (text: string) => logLines(output).filter((l) => l.msg.startsWith(text)).length;
      await expect.poll(() => said('bot ready'), { timeout: 30_000 }).toBe(4);
      expect(said('bot: stopping (asked by the shard manager)'), output).toBe(2);
      expect(said('bot: stopped in order'), output).toBe(2);
      const connected = loopback.control.gateway
        .sessions()
        .filter((s) => s.connected)
        .map((s) => s.shard.join('/'))
        .sort();
      expect(connected, output).toEqual(['0/2', '1/2']);
    } finally {
      manager.kill('SIGTERM');
      const code = await exited;
      await loopback.stop();
      removeDir(dir);
      expect(code, output).toBe(0);
    }
    // Each shard stopped in order and exited 0, and the manager exited after them.
    const lines = logLines(output);
    expect(
      lines.filter((l) => l.msg === 'bot: stopped in order'),
      output,
    ).toHaveLength(4);
    // In the order they were logged (their time), not the order two processes' pipes delivered them in.
    const own = lines
      .filter((l) => /^(shard stopped|shard manager: stop)/.test(l.msg))
      .sort((a, b) => Number(a.time) - Number(b.time));
    expect(
      own.map((l) => [l.msg, l.shard, l.code]),
      output,
    ).toEqual([
      [
        'shard manager: stopping (SIGTERM): no new work, finishing what is under way within 40000 ms',
        undefined,
        undefined,
      ],
      ['shard stopped', 0, 0],
      ['shard stopped', 1, 0],
      ['shard manager: stopped in order', undefined, undefined],
    ]);
  }, 240_000);
});
