/**
 * `npm run bench -- hint`: a person presses **Hint** in their hand (src/discord/hints.ts) while another
 * table's Hard computer thinks without a pause on the same thinking pool, through the real bot on the
 * loopback. Measured from the press to the private reply that names the moves (its deferred reply filled).
 * Each hint is of a new table's first position (the costliest: a playout is a whole game), on casual
 * two-person Valley tables. Goal: p50 ≤ 1 s, p99 ≤ 3 s.
 */
import type { ValleyState } from '../games/valley/state.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';
import { HINT_VERB } from '../table-kit/hint-button.ts';
import type { BenchFigure, BenchOptions } from '../tools/bench.ts';
import { startBenchBot } from './bench-bot.ts';
import { customIds, percentile } from './bot-clicks.ts';

export async function run(report: (figure: BenchFigure) => void, { quick }: BenchOptions): Promise<void> {
  const samples = quick ? 4 : 60;
  const { loopback, store, bot, stop } = await startBenchBot('hint');
  const c = loopback.control;
  const verbOf = (id: string) => decodeCustomId(id)?.verb;
  try {
    const thinker = store.startGame(
      store.lobbies.create({
        type: 'valley',
        guildId: c.defaultGuild.id,
        channelId: c.createChannel({ name: 'thinking' }).id,
        hostUserId: null,
        seats: [0, 1, 2, 3].map((k) => ({ botKind: 'hard', displayName: `Computer ${k}` })),
      }).id,
    );
    let thinking = true;
    const think = async () => {
      while (thinking) {
        await bot.runtime.computers.move(thinker, (thinker.state as ValleyState).turn.seat, 'hard');
      }
    };
    const loop = think();
    try {
      await measure();
    } finally {
      // Whatever happened: a loop left running after the pool closes would never yield.
      thinking = false;
      await loop;
    }
  } finally {
    await stop();
  }

  async function measure(): Promise<void> {
    // The pool's thread started (its script bundled) and one thought answered before measuring.
    while (bot.runtime.computers.thoughts === 0) await new Promise((r) => setTimeout(r, 20));

    const waits: number[] = [];
    const acks: number[] = [];
    let failed = 0;
    for (let k = 0; k < samples; k++) {
      const channel = c.createChannel({ name: `hint-${k}` });
      const a = c.createUser(`asker${k}`);
      const b = c.createUser(`other${k}`);
      const lobby = store.lobbies.create({
        type: 'valley',
        guildId: c.defaultGuild.id,
        channelId: channel.id,
        hostUserId: a.id,
        seed: `hint-${k}`,
        seats: [
          { userId: a.id, displayName: a.username },
          { userId: b.id, displayName: b.username },
        ],
      });
      store.lobbies.setRated(lobby.id, false);
      const started = store.startGame(lobby.id);
      await bot.runtime.publisher.postBoard(started);
      const mover = (started.state as ValleyState).turn.seat === 0 ? a : b;
      const board = c
        .messages(channel.id)
        .filter((m) => !m.ephemeral && customIds(m).some((id) => verbOf(id) === 'hand'))
        .at(-1);
      const handId = board && customIds(board).find((id) => verbOf(id) === 'hand');
      if (!board || !handId) throw new Error('no board with a hand button');
      const hand = await c.as(mover).click(board, handId).reply();
      const hintId = customIds(hand).find((id) => verbOf(id) === HINT_VERB);
      if (!hintId) throw new Error(`the hand offers no Hint: ${hand.text}`);
      const before = performance.now();
      const pressed = c.as(mover).click(hand, hintId);
      await pressed.acknowledged();
      acks.push(performance.now() - before);
      const answer = await pressed.edited(0, { timeoutMs: 60_000 });
      // A hint the pool gave up on (over its limit) says "try again": counted apart, not as a wait.
      if (/\*\*1\. /.test(answer.text)) waits.push(performance.now() - before);
      else failed++;
      await bot.runtime.hints.settled();
    }
    report({
      bench: 'hint',
      what: 'press Hint → private reply with the three best moves, while another table’s Hard computer thinks',
      samples: waits.length,
      p50ms: percentile(waits, 50),
      p99ms: percentile(waits, 99),
      maxMs: percentile(waits, 100),
      ackP99ms: percentile(acks, 99),
      failed,
      thoughtsMeanwhile: bot.runtime.computers.thoughts,
      goalP50ms: 1_000,
      goalP99ms: 3_000,
    });
  }
}
