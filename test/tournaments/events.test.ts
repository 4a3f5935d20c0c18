import { describe, expect, it } from 'vitest';
import { seedRng } from '../../src/games/kernel/rng.ts';
import {
  ALLOWED,
  applyEvent,
  createTournament,
  type EventType,
  type TournamentEvent,
} from '../../src/tournaments/events.ts';
import { STATUSES, type Status, type Tournament } from '../../src/tournaments/model.ts';
import { HOUR, must, playRound, registered, settingsWith, started, T0, user } from './helpers.ts';

/** A tournament in each status. */
function inStatus(status: Status): Tournament {
  const swiss = { format: 'swiss' as const, tableSize: 2, rounds: 2 };
  switch (status) {
    case 'draft':
      return createTournament('t', 's', settingsWith(swiss), T0);
    case 'registration':
      return registered(4, swiss);
    case 'check-in':
      return must(registered(4, { ...swiss, checkInMs: HOUR }), {
        type: 'close-registration',
        at: T0 + HOUR,
      });
    case 'running':
      return started(4, swiss);
    case 'paused':
      return must(started(4, swiss), { type: 'pause', at: T0 + 3 * HOUR });
    case 'finished': {
      let t = started(4, swiss);
      const rng = seedRng('finish');
      t = playRound(playRound(t, rng, T0 + 30 * HOUR), rng, T0 + 60 * HOUR);
      return t;
    }
    case 'cancelled':
      return must(registered(4, swiss), { type: 'cancel', at: T0 });
  }
}

/** One event of each type, as plausible as the status allows (so only the status can refuse it). */
function sample(type: EventType, t: Tournament): TournamentEvent {
  const at = T0 + 2 * HOUR;
  const table = t.rounds.at(-1)?.tables[0];
  switch (type) {
    case 'configure':
      return { type, settings: t.settings };
    case 'open':
    case 'close-registration':
    case 'start':
    case 'pause':
    case 'resume':
    case 'cancel':
      return { type, at: T0 };
    case 'register':
      return { type, userId: 'newcomer', rating: 3, at: T0 };
    case 'withdraw':
      return { type, userId: user(0), at };
    case 'check-in':
      return { type, userId: user(0), at };
    case 'report':
      return {
        type,
        tableId: table?.id ?? '1.1',
        places: (table?.seats ?? []).map((u, i) => ({ userId: u, place: i + 1 })),
        ending: 'played',
        at,
      };
    case 'drop':
      return { type, userId: user(0), reason: 'organiser', at };
  }
}

describe('the tournament’s status, a pure reducer', () => {
  it('the states used below are in the status they claim', () => {
    for (const s of STATUSES) expect(inStatus(s).status).toBe(s);
  });

  const types = Object.keys(ALLOWED) as EventType[];
  for (const status of STATUSES)
    for (const type of types) {
      const allowed = ALLOWED[type].includes(status);
      it(`${type} while ${status}: ${allowed ? 'not refused for the status' : 'refused, naming the status'}`, () => {
        const t = inStatus(status);
        const r = applyEvent(t, sample(type, t));
        if (allowed) {
          expect(r.ok ? null : r.refusal.code).not.toBe('wrong-status');
          if (r.ok) expect(r.value.status === status || r.changed).toBe(true);
        } else {
          expect(r).toEqual({ ok: false, refusal: { code: 'wrong-status', status, allowed: ALLOWED[type] } });
        }
      });
    }

  it('the lifecycle: draft → registration → check-in → running ⇄ paused → finished, and cancel', () => {
    let t = createTournament(
      't',
      's',
      settingsWith({ format: 'swiss', tableSize: 2, rounds: 1, checkInMs: HOUR }),
      T0,
    );
    t = must(t, { type: 'open', at: T0 });
    expect(t.status).toBe('registration');
    for (let i = 0; i < 3; i++) t = must(t, { type: 'register', userId: user(i), rating: i, at: T0 + i });
    t = must(t, { type: 'close-registration', at: T0 + HOUR });
    expect([t.status, t.checkInClosesAt]).toEqual(['check-in', T0 + 2 * HOUR]);
    t = must(t, { type: 'check-in', userId: user(0), at: T0 + HOUR });
    t = must(t, { type: 'check-in', userId: user(1), at: T0 + HOUR });
    // Start refused while someone could still check in; allowed once the window is over.
    expect(applyEvent(t, { type: 'start', at: T0 + HOUR + 1 })).toEqual({
      ok: false,
      refusal: { code: 'check-in-open', closesAt: T0 + 2 * HOUR },
    });
    expect(applyEvent(t, { type: 'check-in', userId: user(2), at: T0 + 2 * HOUR })).toEqual({
      ok: false,
      refusal: { code: 'check-in-closed' },
    });
    t = must(t, { type: 'start', at: T0 + 2 * HOUR });
    expect(t.status).toBe('running');
    // The one who did not check in plays nothing.
    expect(t.rounds[0]?.tables.flatMap((x) => x.seats).sort()).toEqual([user(0), user(1)]);
    t = must(t, { type: 'pause', at: T0 + 3 * HOUR });
    t = must(t, { type: 'resume', at: T0 + 5 * HOUR });
    // The round got its two paused hours back.
    expect(t.rounds[0]?.deadline).toBe(T0 + 2 * HOUR + t.settings.roundMs + 2 * HOUR);
    t = playRound(t, seedRng('x'), T0 + 6 * HOUR);
    expect([t.status, t.endedAt]).toEqual(['finished', T0 + 6 * HOUR]);
  });

  it('registration refusals: after its closing time, twice, over the cap; withdrawing someone not registered', () => {
    const t = registered(3, { maxEntrants: 4 });
    const late = t.settings.registrationClosesAt;
    expect(applyEvent(t, { type: 'register', userId: 'x', rating: 0, at: late })).toEqual({
      ok: false,
      refusal: { code: 'registration-closed' },
    });
    expect(applyEvent(t, { type: 'register', userId: user(1), rating: 0, at: T0 })).toEqual({
      ok: false,
      refusal: { code: 'already-registered' },
    });
    const full = must(t, { type: 'register', userId: 'x', rating: 0, at: T0 });
    expect(applyEvent(full, { type: 'register', userId: 'y', rating: 0, at: T0 })).toEqual({
      ok: false,
      refusal: { code: 'full', cap: 4 },
    });
    expect(applyEvent(t, { type: 'withdraw', userId: 'nobody', at: T0 })).toEqual({
      ok: false,
      refusal: { code: 'not-registered' },
    });
    expect(must(full, { type: 'withdraw', userId: 'x', at: T0 }).entrants).toHaveLength(3);
    // Opening after the closing time is refused too.
    const draft = createTournament('t', 's', settingsWith({}), T0);
    expect(applyEvent(draft, { type: 'open', at: late })).toEqual({
      ok: false,
      refusal: { code: 'registration-closed' },
    });
  });

  it('settings are checked: the refusal names the setting', () => {
    const draft = createTournament('t', 's', settingsWith({}), T0);
    const bad = (over: object) =>
      applyEvent(draft, { type: 'configure', settings: { ...draft.settings, ...over } });
    expect(bad({ tableSize: 7 })).toMatchObject({
      ok: false,
      refusal: { code: 'invalid-settings', field: 'tableSize' },
    });
    expect(bad({ minTableSize: 5 })).toMatchObject({ refusal: { field: 'minTableSize' } });
    expect(bad({ format: 'elimination', advance: 3, minTableSize: 3 })).toMatchObject({
      refusal: { field: 'advance' },
    });
    expect(bad({ rounds: 0 })).toMatchObject({ refusal: { field: 'rounds' } });
    expect(bad({ drop: { onLeavingServer: true, afterTimeouts: 0 } })).toMatchObject({
      refusal: { field: 'drop.afterTimeouts' },
    });
    expect(bad({ tableSize: 6, minTableSize: 4 })).toMatchObject({ ok: true });
  });

  it('start needs enough checked-in entrants for a table', () => {
    let t = registered(2, { tableSize: 4, minTableSize: 3 });
    t = must(t, { type: 'close-registration', at: T0 + HOUR });
    expect(applyEvent(t, { type: 'start', at: T0 + HOUR })).toEqual({
      ok: false,
      refusal: { code: 'too-few-entrants', entrants: 2 },
    });
  });

  it('results: unknown table, places that are not one per seat or not a ranking, a late different result', () => {
    const t = started(4, { tableSize: 4, rounds: 2 });
    const table = t.rounds[0]?.tables[0];
    if (!table) throw new Error('no table');
    const [a, b, c, d] = table.seats as [string, string, string, string];
    const report = (places: { userId: string; place: number }[], tableId = table.id) =>
      applyEvent(t, { type: 'report', tableId, places, ending: 'played', at: T0 });
    const ok = [
      { userId: a, place: 1 },
      { userId: b, place: 2 },
      { userId: c, place: 2 },
      { userId: d, place: 4 },
    ];
    expect(report(ok, '9.9')).toEqual({ ok: false, refusal: { code: 'unknown-table', tableId: '9.9' } });
    expect(report(ok.slice(1))).toMatchObject({ ok: false, refusal: { code: 'bad-places' } });
    expect(report([...ok.slice(1), { userId: 'stranger', place: 1 }])).toMatchObject({
      refusal: { code: 'bad-places', reason: 'someone not at the table' },
    });
    expect(report(ok.map((p) => (p.userId === d ? { ...p, place: 3 } : p)))).toMatchObject({
      refusal: { code: 'bad-places', reason: 'not a ranking (1, 1, 3)' },
    });
    const done = report(ok);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    // Stored in seat order, whatever order it came in; the same result in another order is the same result.
    expect(done.value.rounds[0]?.results[table.id]?.places).toEqual(ok);
    expect(
      applyEvent(done.value, {
        type: 'report',
        tableId: table.id,
        places: [...ok].reverse(),
        ending: 'played',
        at: T0 + 1,
      }),
    ).toEqual({
      ok: true,
      value: done.value,
      changed: false,
    });
    expect(
      applyEvent(done.value, { type: 'report', tableId: table.id, places: ok, ending: 'stand-in', at: T0 }),
    ).toEqual({
      ok: false,
      refusal: { code: 'result-differs', tableId: table.id },
    });
  });

  it('drops follow the organiser’s rule; a dropped entrant sits in no later round but keeps their points', () => {
    const t = started(6, { tableSize: 2, rounds: 3, drop: { onLeavingServer: false, afterTimeouts: 3 } });
    const who = t.rounds[0]?.tables[0]?.seats[0] as string;
    const drop = (reason: 'left-server' | 'timeouts' | 'organiser', timeouts?: number) =>
      applyEvent(t, { type: 'drop', userId: who, reason, timeouts, at: T0 });
    expect(drop('left-server')).toEqual({ ok: false, refusal: { code: 'drop-rule', reason: 'left-server' } });
    expect(drop('timeouts', 2)).toEqual({ ok: false, refusal: { code: 'drop-rule', reason: 'timeouts' } });
    const dropped = drop('timeouts', 3);
    if (!dropped.ok) throw new Error('refused');
    expect(applyEvent(dropped.value, { type: 'drop', userId: who, reason: 'organiser', at: T0 })).toEqual({
      ok: false,
      refusal: { code: 'already-dropped' },
    });
    expect(applyEvent(t, { type: 'drop', userId: 'nobody', reason: 'organiser', at: T0 })).toEqual({
      ok: false,
      refusal: { code: 'not-an-entrant' },
    });
    const next = playRound(dropped.value, seedRng('d'), T0 + 30 * HOUR);
    expect(next.rounds).toHaveLength(2);
    const seated = [
      ...(next.rounds[1]?.tables.flatMap((x) => x.seats) ?? []),
      ...(next.rounds[1]?.byes ?? []),
    ];
    expect(seated).not.toContain(who);
    expect(seated).toHaveLength(5);
  });

  it('while paused, results are kept but the next round waits for the resume', () => {
    let t = started(4, { tableSize: 2, rounds: 2 });
    t = must(t, { type: 'pause', at: T0 + 3 * HOUR });
    t = playRound(t, seedRng('p'), T0 + 4 * HOUR);
    expect([t.status, t.rounds.length]).toEqual(['paused', 1]);
    t = must(t, { type: 'resume', at: T0 + 5 * HOUR });
    expect([t.status, t.rounds.length]).toEqual(['running', 2]);
    expect(t.rounds[1]?.startedAt).toBe(T0 + 5 * HOUR);
  });
});
