/**
 * Click → reply latency through the real discord.js client and the loopback server, with 200 games in
 * progress: "ack" is the deferUpdate callback, "done" the edited hand (database commit + image render).
 * The floor is a trivial command's round trip (/rules) measured in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { hostedGames } from '../../commands/index.ts';
import { installedAdapters } from '../adapters/installed.ts';
import { startBot } from '../discord/bot.ts';
import type { ValleyState } from '../games/valley/state.ts';
import { LoopbackDiscord, type LoopbackMessage } from '../loopback/index.ts';
import { openDatabase } from '../store/database.ts';
import { GameStore } from '../store/game-store.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN).toFixed(2));
};

function customIds(m: LoopbackMessage): string[] {
  const out: string[] = [];
  for (const row of m.components) {
    if (!('components' in row)) continue;
    for (const c of row.components)
      if ('custom_id' in c && typeof c.custom_id === 'string') out.push(c.custom_id);
  }
  return out;
}

function firstOption(m: LoopbackMessage, customId: string): string | undefined {
  for (const row of m.components) {
    if (!('components' in row)) continue;
    for (const c of row.components)
      if ('custom_id' in c && c.custom_id === customId && 'options' in c) return c.options[0]?.value;
  }
  return undefined;
}

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const gameCount = quick ? 10 : 200;
  const samples = quick ? 20 : 300;
  const dir = mkdtempSync(join(tmpdir(), 'scarab-bench-'));
  const loopback = await LoopbackDiscord.start({ waitTimeoutMs: 10_000 });
  const database = openDatabase(join(dir, 'bench.db'));
  const store = new GameStore(database);
  const c = loopback.control;
  const bot = await startBot({
    token: loopback.token,
    apiUrl: loopback.restApi,
    store,
    hosted: hostedGames(installedAdapters()),
    timing: { botDelayMs: 60_000, autoPassMinMs: 60_000, autoPassMaxMs: 60_000 },
    log: pino({ level: 'silent' }),
    registerCommands: { guildId: c.defaultGuild.id },
    rest: { globalRequestsPerSecond: 1e6 },
  });
  try {
    const users = Array.from({ length: 2 * gameCount }, (_, k) => c.createUser(`player${k}`));
    const games: { id: number; channel: string }[] = [];
    for (let g = 0; g < gameCount; g++) {
      const channel = c.createChannel({ name: `table-${g}` });
      const a = users[2 * g]!;
      const b = users[2 * g + 1]!;
      const lobby = store.lobbies.create({
        type: 'valley',
        guildId: c.defaultGuild.id,
        channelId: channel.id,
        hostUserId: a.id,
        seats: [
          { userId: a.id, displayName: a.username },
          { userId: b.id, displayName: b.username },
        ],
      });
      const started = store.startGame(lobby.id);
      await bot.runtime.publisher.postBoard(started);
      games.push({ id: started.id, channel: channel.id });
    }
    const floor: number[] = [];
    for (let k = 0; k < samples; k++) {
      const t0 = performance.now();
      await c
        .as(users[k % users.length]!)
        .slash('rules')
        .reply();
      floor.push(performance.now() - t0);
    }
    const ack: number[] = [];
    const done: number[] = [];
    for (let k = 0; k < samples; k++) {
      const g = games[k % gameCount]!;
      const record = store.getGame(g.id);
      const seat = (record.state as ValleyState).turn.seat;
      const user = users.find((u) => u.id === record.seats[seat]?.userId)!;
      const board = c
        .messages(g.channel)
        .filter((m) => !m.ephemeral && customIds(m).some((id) => decodeCustomId(id)?.verb === 'hand'))
        .at(-1)!;
      const handId = customIds(board).find((id) => decodeCustomId(id)?.verb === 'hand')!;
      const hand = await c.as(user).click(board, handId).reply();
      // The measured click: entombing a card (a real move: commit, then a new hand image).
      const entomb = customIds(hand).find((id) => id.endsWith(':act:entomb'));
      const value = entomb ? firstOption(hand, entomb) : undefined;
      if (!entomb || !value) continue;
      const t0 = performance.now();
      const h = c.as(user).select(hand, entomb, [value]);
      await h.acknowledged();
      ack.push(performance.now() - t0);
      await h.edited(0);
      done.push(performance.now() - t0);
      await bot.runtime.locks.idle();
    }
    report({
      bench: 'discord-floor',
      what: '/rules round trip',
      samples: floor.length,
      p50ms: pct(floor, 50),
      p99ms: pct(floor, 99),
    });
    report({
      bench: 'discord-click-ack',
      games: gameCount,
      samples: ack.length,
      p50ms: pct(ack, 50),
      p99ms: pct(ack, 99),
    });
    report({
      bench: 'discord-click-done',
      what: 'click → hand edited (commit + render)',
      games: gameCount,
      samples: done.length,
      p50ms: pct(done, 50),
      p99ms: pct(done, 99),
      goalP99ms: 30,
    });
  } finally {
    await bot.stop();
    database.close();
    await loopback.stop();
    // A closed database's checkpoint worker may still be closing its connection: retry briefly.
    rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 25 });
  }
}
