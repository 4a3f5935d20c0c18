import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { autoPassDelay } from '../../src/discord/auto-pass-delay.ts';
import { Autopilot } from '../../src/discord/autopilot.ts';
import type { Publisher } from '../../src/discord/publisher.ts';
import type { TableService } from '../../src/discord/table-service.ts';
import type { Tables } from '../../src/discord/tables.ts';
import type { GameRecord, SeatRecord } from '../../src/store/records.ts';

/**
 * The random wait before passing a person who cannot react hides who holds a reaction card from the
 * other people at the table; with nobody else to hide it from, the pass is made at once.
 */
const TIMING = { botDelayMs: 0, autoPassMinMs: 2_000, autoPassMaxMs: 8_000 };
const person = (seat: number, userId: string): SeatRecord => ({
  seat,
  userId,
  botKind: null,
  displayName: userId,
});
const computer = (seat: number): SeatRecord => ({
  seat,
  userId: null,
  botKind: 'easy',
  displayName: `Computer ${seat}`,
});

describe('the wait before an automatic pass', () => {
  it('is none when every other seat is a computer', () => {
    expect(autoPassDelay({ seats: [person(0, 'ann'), computer(1)] }, 0, TIMING, () => 0.9)).toBe(0);
    expect(autoPassDelay({ seats: [computer(0), person(1, 'ann'), computer(2)] }, 1, TIMING, () => 0.5)).toBe(
      0,
    );
  });

  it('is none when the only other person is the same one in another seat', () => {
    expect(autoPassDelay({ seats: [person(0, 'ann'), person(1, 'ann')] }, 0, TIMING, () => 0.9)).toBe(0);
  });

  it('is random within the configured range when another person could read it', () => {
    const seats = [person(0, 'ann'), person(1, 'bob'), computer(2)];
    expect(autoPassDelay({ seats }, 0, TIMING, () => 0)).toBe(2_000);
    expect(autoPassDelay({ seats }, 0, TIMING, () => 0.999_999)).toBe(8_000);
  });
});

/** The autopilot alone, with a game that waits for one person who can only pass a reaction window. */
function autopilotWith(seats: SeatRecord[], clock: ManualClock) {
  const game = { id: 7, version: 3, status: 'active', seats, state: {} } as unknown as GameRecord;
  const pass = { type: 'answer', value: 'pass' };
  const moves: unknown[] = [];
  const tables = {
    adapterOf: () => ({}),
    waitingFor: () => [0],
    view: (_g: GameRecord, seat: number | null) =>
      seat === null ? { waiting: { window: true } } : { autoPass: pass },
    store: { getGame: async () => game },
  } as unknown as Tables;
  const table = {
    move: async (_id: number, _seat: number, action: unknown) => {
      moves.push(action);
      return { ok: true };
    },
  } as unknown as TableService;
  const publisher = {
    pacer: { waitForMove: () => 0 },
    channelOf: () => 'channel',
  } as unknown as Publisher;
  const autopilot = new Autopilot(
    tables,
    table,
    publisher,
    { ...TIMING },
    pino({ level: 'silent' }),
    () => 0.5,
    null,
    null,
    clock,
  );
  return { autopilot, game, moves };
}

const settled = () => new Promise((r) => setImmediate(r));

describe('the autopilot passing a person in a reaction window', () => {
  it('passes at once when the person plays only computers', async () => {
    const clock = new ManualClock();
    const { autopilot, game, moves } = autopilotWith([person(0, 'ann'), computer(1)], clock);
    await autopilot.poke(game);
    await settled();
    await settled();
    expect(moves).toEqual([{ type: 'answer', value: 'pass' }]);
    autopilot.stop();
  });

  it('waits the random delay when another person is seated', async () => {
    const clock = new ManualClock();
    const { autopilot, game, moves } = autopilotWith([person(0, 'ann'), person(1, 'bob')], clock);
    await autopilot.poke(game);
    clock.advance(4_999);
    await settled();
    expect(moves).toEqual([]);
    clock.advance(1);
    await settled();
    await settled();
    expect(moves).toEqual([{ type: 'answer', value: 'pass' }]);
    autopilot.stop();
  });
});
