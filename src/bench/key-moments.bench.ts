/**
 * Key moments after a 4-player Valley game (src/discord/key-moments.ts): from the move that ends it to its
 * key moments stored, on the bot's own thinking pool (one thread on this 2-core machine), while people
 * click at other tables; and those clicks' latency while the analysis runs, beside the same clicks after it
 * (calm), as discord.bench.ts's click-while-thinking. The game: two people (played here by the Easy
 * player, a person's mistakes), a Hard computer and a Normal one, played in the store up to its last move,
 * which goes through the one move path as a click would. Goal: ready within 60 s of the end.
 */
import type { Seat } from '../games/kernel/types.ts';
import { getGame } from '../games/registry.ts';
import { botMove } from '../games/valley/bots/index.ts';
import type { ValleyState } from '../games/valley/state.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { startBenchBot } from './bench-bot.ts';
import { clickOnce, gameSettled, openTable, percentile, type Table } from './bot-clicks.ts';

/** A quick run proves the path with a far smaller analysis; its figures mean little. */
const QUICK_BUDGET = { screenPlayouts: 8, screenDuels: 4, confirm: 2, confirmDuels: 20, confirmPlayouts: 20 };

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const { loopback, store, bot, stop } = await startBenchBot(
    'key-moments',
    quick ? { keyMoments: QUICK_BUDGET } : {},
  );
  const c = loopback.control;
  const rt = bot.runtime;
  const valley = getGame('valley');
  const stored = new Map<number, number>();
  rt.keyMoments.stored = (gameId) => stored.set(gameId, performance.now());
  try {
    const games = quick ? 1 : 2;
    const readyMs: number[] = [];
    const decisions: number[] = [];
    const busy: number[] = [];
    const calm: number[] = [];
    let n = 0;
    const tables: Table[] = [];
    for (let k = 0; k < 8; k++) {
      const users = [c.createUser(`clicker${n++}`), c.createUser(`clicker${n++}`)];
      const channelId = c.createChannel({ name: `clicks-${k}` }).id;
      tables.push(
        await openTable(rt.tables.store, bot, {
          guildId: c.defaultGuild.id,
          channelId,
          users,
          seed: `km-${k}`,
        }),
      );
    }
    /** Clicks round the tables until `until` says stop (at least `min`); each click's time to its edited hand. */
    let unanswered = 0;
    const clickWhile = async (until: () => boolean, min: number, into: number[]) => {
      for (let k = 0; k < 10_000 && (until() || k < min); k++) {
        const table = tables[k % tables.length] as Table;
        try {
          const t = await clickOnce(c, table);
          if (t) into.push(t.doneMs);
        } catch (e) {
          // Not acknowledged within Discord's 3 s (a machine loaded beyond the bot): counted, not fatal.
          if (!/not acknowledged/.test(String(e))) throw e;
          unanswered++;
        }
        await gameSettled(table);
      }
    };
    for (let g = 0; g < games; g++) {
      const people = [c.createUser(`person${g}a`), c.createUser(`person${g}b`)];
      const channel = c.createChannel({ name: `ends-${g}` });
      const lobby = store.lobbies.create({
        type: 'valley',
        guildId: c.defaultGuild.id,
        channelId: channel.id,
        hostUserId: people[0]?.id ?? null,
        seed: `key-moments-${g}`,
        seats: [
          { userId: people[0]?.id as string, displayName: 'Ann' },
          { botKind: 'hard', displayName: 'Hard' },
          { userId: people[1]?.id as string, displayName: 'Ben' },
          { botKind: 'normal', displayName: 'Normal' },
        ],
      });
      let game = store.startGame(lobby.id);
      const player = (seat: Seat) => {
        const s = game.seats[seat];
        return s?.userId ? 'easy' : s?.botKind === 'hard' && !quick ? 'search' : 'heuristic';
      };
      for (;;) {
        const seat = valley.waitingFor(game.state)[0] as Seat;
        const action = botMove(game.state as ValleyState, seat, player(seat));
        const after = valley.apply(game.state, seat, action);
        if (!after.ok) throw new Error('a move was refused');
        if (valley.outcome(after.state) !== null) {
          const t0 = performance.now();
          await rt.table.move(game.id, seat, action, game.version);
          const id = game.id;
          await clickWhile(() => !stored.has(id), 0, busy);
          while (!stored.has(id)) await new Promise((r) => setTimeout(r, 50));
          readyMs.push((stored.get(id) as number) - t0);
          decisions.push((await rt.tables.store.keyMoments.of(id))?.decisions ?? 0);
          break;
        }
        game = store.applyAction(game.id, { seat, action, expectedVersion: game.version }).game;
      }
      await clickWhile(() => false, quick ? 10 : 40, calm);
    }
    report({
      bench: 'key-moments-ready',
      what: "a 4-player Valley game's end → its key moments stored (2 people, Hard and Normal computers)",
      games,
      decisions: decisions.join(' '),
      readyMs: readyMs.map((ms) => Math.round(ms)).join(' '),
      worstMs: Math.round(Math.max(...readyMs)),
      goalMs: 60_000,
    });
    report({
      bench: 'key-moments-click-while-analysing',
      what: 'click → hand edited at other tables while key moments are analysed, beside the same clicks after (calm)',
      samples: busy.length,
      p50ms: percentile(busy, 50),
      p99ms: percentile(busy, 99),
      calmSamples: calm.length,
      calmP50ms: percentile(calm, 50),
      calmP99ms: percentile(calm, 99),
      unacknowledged: unanswered,
    });
  } finally {
    await stop();
  }
}
