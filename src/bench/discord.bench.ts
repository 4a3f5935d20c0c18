import type { ValleyState } from '../games/valley/state.ts';
import type { LoopbackMessage } from '../loopback/index.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { startBenchBot } from './bench-bot.ts';
import { customIds, options } from './bot-clicks.ts';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN).toFixed(2));
};

const firstOption = (m: LoopbackMessage, customId: string): string | undefined => options(m, customId)[0];

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const gameCount = quick ? 10 : 200;
  const samples = quick ? 20 : 300;
  const { loopback, store, bot, stop } = await startBenchBot('bench');
  const c = loopback.control;
  try {
    const users: ReturnType<typeof c.createUser>[] = [];
    /** `count` more 2-player games between new users, each with its board posted. */
    const newGames = async (count: number) => {
      const made: { id: number; channel: string }[] = [];
      for (let g = 0; g < count; g++) {
        const channel = c.createChannel({ name: `table-${users.length / 2}` });
        const a = c.createUser(`player${users.length}`);
        const b = c.createUser(`player${users.length + 1}`);
        users.push(a, b);
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
        made.push({ id: started.id, channel: channel.id });
      }
      return made;
    };
    const games = await newGames(gameCount);
    const floor: number[] = [];
    for (let k = 0; k < samples; k++) {
      const t0 = performance.now();
      await c
        .as(users[k % users.length]!)
        .slash('rules')
        .reply();
      floor.push(performance.now() - t0);
    }
    /** `count` measured clicks over `tables`, each an entomb from a player's hand: its ack and its edited hand. */
    const clicks = async (tables: readonly { id: number; channel: string }[], count: number) => {
      const ack: number[] = [];
      const done: number[] = [];
      for (let k = 0; k < count; k++) {
        const g = tables[k % tables.length]!;
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
      return { ack, done };
    };
    const { ack, done } = await clicks(games, samples);
    // The same clicks while Hard computers think without a pause on the bot's thinking pool (other
    // tables' searches): the click's latency must not depend on them. Blocks of clicks with and without
    // thinking alternate on fresh tables, so both sets meet the same heap and the same machine.
    const thinker = store.startGame(
      store.lobbies.create({
        type: 'valley',
        guildId: c.defaultGuild.id,
        channelId: c.createChannel({ name: 'thinking' }).id,
        hostUserId: null,
        seats: [0, 1, 2, 3].map((k) => ({ botKind: 'hard', displayName: `Computer ${k}` })),
      }).id,
    );
    let thinking = false;
    let thoughts = 0;
    const think = async () => {
      while (thinking) {
        const seat = (thinker.state as ValleyState).turn.seat;
        await bot.runtime.computers.move(thinker, seat, 'hard');
        thoughts++;
      }
    };
    // Fresh tables (a hand can entomb once or twice a turn): each block's own, half clicked while thinking.
    const blocks = quick ? 2 : 8;
    const perBlock = quick ? 5 : 40;
    const fresh = await newGames(2 * blocks * perBlock);
    const busy = { ack: [] as number[], done: [] as number[] };
    const calm = { ack: [] as number[], done: [] as number[] };
    let thoughtsDuring = 0;
    let thinkingMs = 0;
    for (let b = 0; b < blocks; b++) {
      thinking = true;
      const loops = [think(), think()];
      // The thread started (the first block) and in a thought before measuring.
      const before = thoughts;
      while (thoughts === before) await new Promise((r) => setTimeout(r, 20));
      const [from, started] = [thoughts, performance.now()];
      const t = await clicks(
        fresh.filter((_, k) => k % (2 * blocks) === 2 * b),
        perBlock,
      );
      thoughtsDuring += thoughts - from;
      thinkingMs += performance.now() - started;
      thinking = false;
      await Promise.all(loops);
      const u = await clicks(
        fresh.filter((_, k) => k % (2 * blocks) === 2 * b + 1),
        perBlock,
      );
      busy.ack.push(...t.ack);
      busy.done.push(...t.done);
      calm.ack.push(...u.ack);
      calm.done.push(...u.done);
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
    report({
      bench: 'discord-click-done-while-thinking',
      what: 'click → hand edited while Hard computers think without a pause, beside the same clicks between (calm)',
      games: gameCount + fresh.length,
      samples: busy.done.length,
      p50ms: pct(busy.done, 50),
      p99ms: pct(busy.done, 99),
      ackP99ms: pct(busy.ack, 99),
      calmP50ms: pct(calm.done, 50),
      calmP99ms: pct(calm.done, 99),
      calmAckP99ms: pct(calm.ack, 99),
      thoughtsPerSecond: Number(((1000 * thoughtsDuring) / Math.max(1, thinkingMs)).toFixed(2)),
      goalP99ms: 30,
    });
  } finally {
    await stop();
  }
}
