import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetPerson, SEAT_FORGOTTEN } from '../../src/discord/forget-person.ts';
import { seedRng } from '../../src/games/kernel/rng.ts';
import { getGame as getModule } from '../../src/games/registry.ts';
import { PersonStillSeatedError } from '../../src/store/errors.ts';
import { FORMER_PLAYER } from '../../src/store/privacy-records.ts';
import type { GameRecord } from '../../src/store/records.ts';
import { replay } from '../../src/store/replay.ts';
import type { Store } from '../../src/store/store.ts';
import { availableBackends, type OpenedBackend, playRandomActionOn } from './helpers/backends.ts';
import { rowsHolding } from './helpers/rows-naming.ts';
import { GUILD, user } from './helpers/snowflake-games.ts';

/**
 * Forgetting a person (`/privacy`'s delete, `npm run games -- forget`) on each backend: afterwards no row of
 * any table holds their id or their name, their finished games still replay to the end with "a former
 * player" in their seat, their running game goes on with a computer player in it, and the boards are what a
 * recompute of the games gives, without them.
 */
const A = user(0);
const P = user(1);
const B = user(2);
const P_NAME = 'Pnina Privacy';
const name = (id: string) => (id === P ? P_NAME : id === A ? 'Ada' : 'Bea');

async function playedGame(
  store: Store,
  people: readonly string[],
  seed: string,
  o: { language?: string; finish?: boolean } = {},
): Promise<number> {
  const lobby = await store.lobbies.create({
    type: 'dice-race',
    seed,
    guildId: GUILD,
    channelId: '300000000000000002',
    hostUserId: people[0] ?? null,
    seats: people.map((id) => ({ userId: id, displayName: name(id) })),
    ...(o.language ? { language: o.language } : {}),
  });
  const id = (await store.startGame(lobby.id)).id;
  const rng = seedRng(seed);
  if (o.finish !== false) while (await playRandomActionOn(store, id, rng));
  return id;
}

/** A's and B's results as /stats reads them: nothing of theirs may change. */
async function othersPlayed(store: Store) {
  const out: Record<string, unknown> = {};
  for (const id of [A, B])
    out[id] = (await store.ratings.playedGames({ gameType: 'dice-race', userId: id, guildId: null })).map(
      ({ state: _state, ...g }) => g,
    );
  return out;
}

describe.each(availableBackends())('forgetting a person on $name', (backend) => {
  let opened: OpenedBackend;
  let store: Store;
  const g = { three: 0, spanish: 0, others: 0, running: 0, lobby: 0, alone: 0, pSeat: 0 };

  beforeAll(async () => {
    opened = await backend.open();
    store = opened.store;
    g.three = await playedGame(store, [A, P, B], 'three');
    g.spanish = await playedGame(store, [P, A], 'two', { language: 'es' });
    g.others = await playedGame(store, [A, B], 'others');
    g.running = await playedGame(store, [A, P], 'running', { finish: false });
    const lobby = await store.lobbies.create({
      type: 'dice-race',
      guildId: GUILD,
      hostUserId: P,
      seats: [{ userId: P, displayName: P_NAME }],
    });
    await store.lobbies.join(lobby.id, { userId: B, displayName: 'Bea' });
    g.lobby = lobby.id;
    g.alone = (
      await store.lobbies.create({
        type: 'dice-race',
        guildId: GUILD,
        hostUserId: P,
        seats: [{ userId: P, displayName: P_NAME }],
      })
    ).id;
    await store.players.update(P, { timeZone: 'Europe/Madrid', turnDms: true });
    await store.players.update(A, { timeZone: 'Europe/London' });
    await store.absences.vote(g.running, 0, P, 'wait');
    const three = await store.getGame(g.three);
    const pSeat = three.seats.find((s) => s.userId === P)?.seat ?? -1;
    const aSeat = three.seats.find((s) => s.userId === A)?.seat ?? -1;
    g.pSeat = pSeat;
    const at = new Date(Date.parse('2026-11-01T00:00:00Z'));
    // What the timers leave behind: a turn DM to them, a nudge they sent, and a row naming them.
    await store.schedule.plan({
      key: `turn-dm:${g.three}:1:${pSeat}`,
      gameId: g.three,
      kind: 'turn-dm',
      dueAt: at,
      payload: { seat: pSeat, turn: 1 },
    });
    await store.schedule.plan({
      key: `nudge:${g.three}:1`,
      gameId: g.three,
      kind: 'nudge',
      dueAt: at,
      payload: { seat: aSeat, turn: 2, by: P_NAME },
    });
    await store.schedule.plan({
      key: `nudge:${g.three}:2`,
      gameId: g.three,
      kind: 'nudge',
      dueAt: at,
      payload: { seat: pSeat, turn: 3, by: 'Ada' },
    });
    await store.schedule.plan({
      key: `vacation:${P}`,
      gameId: null,
      kind: 'vacation',
      dueAt: at,
      payload: {},
    });
    await store.schedule.plan({
      key: `remind:${g.others}:1:0`,
      gameId: g.others,
      kind: 'remind',
      dueAt: at,
      payload: { seat: 0, turn: 1 },
    });
  });
  afterAll(() => opened?.close());

  it('finds them in the rows first, so the scan below can fail', async () => {
    const found = await rowsHolding(opened, P);
    expect(found.tables).toEqual(
      expect.arrayContaining([
        'games',
        'seats',
        'ratings',
        'rating_changes',
        'player_settings',
        'seat_votes',
        'schedule',
      ]),
    );
    expect(Object.keys(found.hits)).toEqual(
      expect.arrayContaining([
        'games.host_user_id',
        'seats.user_id',
        'ratings.user_id',
        'rating_changes.user_id',
        'player_settings.user_id',
        'seat_votes.voter_id',
        'schedule.key',
      ]),
    );
    const data = await store.privacy.dataOf(P);
    expect(data.settings?.timeZone).toBe('Europe/Madrid');
    expect(data.games.map((x) => x.id).sort((x, y) => x - y)).toEqual(
      [g.three, g.spanish, g.running, g.lobby, g.alone].sort((x, y) => x - y),
    );
    expect(data.ratings.length).toBeGreaterThan(0);
    expect(data.ratings.some((r) => r.scope.includes(':'))).toBe(true);
    expect(data.votes).toHaveLength(1);
    expect(data.schedule.map((r) => r.key).sort()).toEqual(
      [`nudge:${g.three}:1`, `nudge:${g.three}:2`, `turn-dm:${g.three}:1:${g.pSeat}`, `vacation:${P}`].sort(),
    );
  });

  it('refuses while they are still seated at an open table, and writes nothing', async () => {
    const before = await rowsHolding(opened, P);
    await expect(store.privacy.forget(P, () => 'x')).rejects.toBeInstanceOf(PersonStillSeatedError);
    expect(await rowsHolding(opened, P)).toEqual(before);
  });

  it('afterwards no row of any table holds their id or their name', async () => {
    const played = await othersPlayed(store);
    const finishedBefore = new Map<number, GameRecord>();
    for (const id of [g.three, g.spanish, g.others]) finishedBefore.set(id, await store.getGame(id));
    const planned: string[] = [];
    const { report, handedOver, lobbies } = await forgetPerson(store, P, {
      plan: async (row) => {
        planned.push(row.key);
        return store.schedule.plan(row);
      },
      now: () => Date.now(),
    });
    expect(handedOver.map((h) => h.gameId)).toEqual([g.running]);
    expect([...lobbies].sort()).toEqual([g.lobby, g.alone].sort());
    expect(planned.every((k) => k.startsWith(`${SEAT_FORGOTTEN}:`))).toBe(true);
    expect(report.settings).toBe(true);
    expect(report.votes).toBe(1);
    expect(report.scheduleRows).toBe(4);

    const found = await rowsHolding(opened, P);
    expect(found.hits).toEqual({});
    expect((await rowsHolding(opened, P_NAME)).hits).toEqual({});
    // Also on a store that had their games in memory before: a fresh read.
    store.clearCache();
    expect(await store.gamesOfUser(P, ['lobby', 'active', 'finished', 'cancelled'])).toEqual([]);
    const again = await store.privacy.dataOf(P);
    expect(again).toEqual({
      userId: P,
      settings: null,
      games: [],
      votes: [],
      ratings: [],
      ratingChanges: [],
      schedule: [],
      tournaments: [],
    });

    // Their seats read "a former player", in each game's language; the others' seats and results stay.
    const three = await store.getGame(g.three);
    const before = finishedBefore.get(g.three) as GameRecord;
    expect(three.seats.map((s) => (s.botKind === FORMER_PLAYER ? s.displayName : s.userId))).toEqual(
      before.seats.map((s) => (s.userId === P ? 'a former player' : s.userId)),
    );
    expect(three.outcome).toEqual(before.outcome);
    const spanish = await store.getGame(g.spanish);
    expect(spanish.seats.find((s) => s.botKind === FORMER_PLAYER)?.displayName).toBe('un exjugador');
    expect(await store.getGame(g.others)).toMatchObject({ seats: finishedBefore.get(g.others)?.seats });
    expect(await othersPlayed(store)).toEqual(played);
    expect(await store.players.get(A)).toMatchObject({ timeZone: 'Europe/London' });
    expect(await store.schedule.find(`remind:${g.others}:1:0`)).toBeDefined();
  });

  it('every finished game of theirs still replays to its end, and verify finds nothing', async () => {
    for (const id of [g.three, g.spanish]) {
      const game = await store.getGame(id);
      const log = await store.actionLog(id);
      const result = replay(getModule(game.type), {
        type: game.type,
        options: JSON.stringify(game.options),
        seed: game.seed,
        actions: log.map((a) => ({ seq: a.seq, seat: a.seat, action: JSON.stringify(a.action) })),
      });
      expect(result.ok, `game #${id}`).toBe(true);
      if (result.ok) {
        expect(result.version).toBe(game.version);
        expect(result.outcome).toEqual(game.outcome);
      }
    }
    const report = await store.verifyGames();
    expect(report.problems).toEqual([]);
  });

  it('the boards are recomputed without them: what a recompute of the games gives', async () => {
    const snapshot = await store.ratings.snapshot();
    expect(snapshot.ratings.some((r) => r.userId === P)).toBe(false);
    // The two-person game no longer rates A: one person is not a comparison.
    expect(snapshot.changes.some((c) => c.gameId === g.spanish)).toBe(false);
    expect(snapshot.changes.some((c) => c.gameId === g.three && c.userId === A)).toBe(true);
    await store.ratings.recompute();
    expect(await store.ratings.snapshot()).toEqual(snapshot);
  });

  it('their running game goes on: a computer player holds the seat, and they are history as a former player', async () => {
    const running = await store.getGame(g.running);
    expect(running.status).toBe('active');
    expect(running.handedOver).toBe(true);
    const seat = running.seats.find((s) => s.botKind !== null && s.botKind !== FORMER_PLAYER);
    expect(seat?.botKind).toBe('normal');
    expect(running.holders?.filter((h) => h.seat === seat?.seat).map((h) => h.botKind)).toEqual([
      FORMER_PLAYER,
      'normal',
    ]);
    expect(running.hostUserId).toBe(A);
    const lobby = await store.getGame(g.lobby);
    expect(lobby.seats.map((s) => s.userId)).toEqual([B]);
    expect(lobby.hostUserId).toBe(B);
    expect((await store.getGame(g.alone)).status).toBe('cancelled');
  });
});
