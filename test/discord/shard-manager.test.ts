import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LoopbackDiscord } from '../../src/loopback/index.ts';
import { removeDir } from '../remove-dir.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `npm start` without npm: its `prestart` (the bundle), then its command's Node options and script. */
function npmStartCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { prestart: string; start: string };
  };
  const build = pkg.scripts.prestart.split(/\s+/);
  expect(build[0]).toBe('node');
  const built = spawnSync(process.execPath, build.slice(1), { cwd: ROOT, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const start = pkg.scripts.start.split(/\s+/);
  expect(start[0]).toBe('node');
  return start.slice(1);
}

/**
 * `SHARDS=auto npm start`: the entry point becomes discord.js's ShardingManager, asks the API it is
 * given (here the loopback, which recommends 2) how many shards to run, and each child process logs in
 * as its own shard against the same database. The manager runs `npm start`'s bundle with plain Node, and
 * so must its children (the bundle again, no TypeScript loader).
 */
describe('npm start with SHARDS=auto', () => {
  it('starts one process per recommended shard, each logged in as its shard; stops them all', async () => {
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
    const exited = new Promise<number | null>((resolve) => manager.on('exit', (code) => resolve(code)));
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
    } finally {
      manager.kill('SIGTERM');
      const code = await exited;
      await loopback.stop();
      removeDir(dir);
      expect(code, output).toBe(0);
    }
  }, 150_000);
});
