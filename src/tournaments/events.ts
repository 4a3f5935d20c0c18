/**
 * Everything that happens to a tournament, as a pure reducer (README.md, "Status"): `applyEvent(t, e)` is
 * the tournament after the event, or a refusal saying why, with `t` untouched. Times are the event's `at`;
 * nothing here reads a clock. Reporting a result that completes a running round makes the next round in
 * the same step (or finishes the tournament), so the stored value never holds a complete round waiting.
 */
import type {
  DropReason,
  Ending,
  Entrant,
  Placement,
  Round,
  Status,
  Tournament,
  TournamentSettings,
} from './model.ts';
import { nextRound } from './next-round.ts';
import { isCompetitionRanking } from './placement-points.ts';
import type { Outcome, Refusal } from './refusal.ts';
import { settingsFault } from './settings.ts';

export type TournamentEvent =
  | { readonly type: 'configure'; readonly settings: TournamentSettings }
  | { readonly type: 'open'; readonly at: number }
  | { readonly type: 'register'; readonly userId: string; readonly rating: number; readonly at: number }
  | { readonly type: 'withdraw'; readonly userId: string; readonly at: number }
  | { readonly type: 'close-registration'; readonly at: number }
  | { readonly type: 'check-in'; readonly userId: string; readonly at: number }
  | { readonly type: 'start'; readonly at: number }
  | {
      readonly type: 'report';
      readonly tableId: string;
      readonly places: readonly Placement[];
      readonly ending: Ending;
      readonly at: number;
    }
  /** `timeouts`: the entrant's time-outs in a row, for the `timeouts` reason. */
  | {
      readonly type: 'drop';
      readonly userId: string;
      readonly reason: DropReason;
      readonly timeouts?: number;
      readonly at: number;
    }
  | { readonly type: 'pause'; readonly at: number }
  | { readonly type: 'resume'; readonly at: number }
  | { readonly type: 'cancel'; readonly at: number };

export type EventType = TournamentEvent['type'];

/** Where each event applies; anywhere else it is refused with `wrong-status`. */
export const ALLOWED: Readonly<Record<EventType, readonly Status[]>> = {
  configure: ['draft'],
  open: ['draft'],
  register: ['registration'],
  withdraw: ['registration', 'check-in'],
  'close-registration': ['registration'],
  'check-in': ['check-in'],
  start: ['check-in'],
  report: ['running', 'paused'],
  drop: ['running', 'paused'],
  pause: ['running'],
  resume: ['paused'],
  cancel: ['draft', 'registration', 'check-in', 'running', 'paused'],
};

export function createTournament(
  id: string,
  seed: string,
  settings: TournamentSettings,
  at: number,
): Tournament {
  return {
    id,
    seed,
    settings,
    status: 'draft',
    entrants: [],
    rounds: [],
    createdAt: at,
    checkInClosesAt: null,
    pausedAt: null,
    endedAt: null,
  };
}

const refuse = (refusal: Refusal): Outcome<Tournament> => ({ ok: false, refusal });
const done = (value: Tournament, changed = true): Outcome<Tournament> => ({ ok: true, value, changed });

export function applyEvent(t: Tournament, e: TournamentEvent): Outcome<Tournament> {
  const allowed = ALLOWED[e.type];
  if (!allowed.includes(t.status)) return refuse({ code: 'wrong-status', status: t.status, allowed });
  switch (e.type) {
    case 'configure': {
      const fault = settingsFault(e.settings);
      return fault ? refuse(fault) : done({ ...t, settings: e.settings });
    }
    case 'open': {
      const fault = settingsFault(t.settings);
      if (fault) return refuse(fault);
      if (e.at >= t.settings.registrationClosesAt) return refuse({ code: 'registration-closed' });
      return done({ ...t, status: 'registration' });
    }
    case 'register': {
      if (e.at >= t.settings.registrationClosesAt) return refuse({ code: 'registration-closed' });
      if (t.entrants.some((x) => x.userId === e.userId)) return refuse({ code: 'already-registered' });
      const cap = t.settings.maxEntrants;
      if (cap !== null && t.entrants.length >= cap) return refuse({ code: 'full', cap });
      const entrant: Entrant = {
        userId: e.userId,
        rating: Number.isFinite(e.rating) ? e.rating : 0,
        registeredAt: e.at,
        checkedIn: false,
        droppedAfterRound: null,
        dropReason: null,
      };
      return done({ ...t, entrants: [...t.entrants, entrant] });
    }
    case 'withdraw': {
      if (!t.entrants.some((x) => x.userId === e.userId)) return refuse({ code: 'not-registered' });
      return done({ ...t, entrants: t.entrants.filter((x) => x.userId !== e.userId) });
    }
    case 'close-registration': {
      // Without a check-in window, registering was checking in.
      const everyone = t.settings.checkInMs === 0;
      return done({
        ...t,
        status: 'check-in',
        checkInClosesAt: e.at + t.settings.checkInMs,
        entrants: everyone ? t.entrants.map((x) => ({ ...x, checkedIn: true })) : t.entrants,
      });
    }
    case 'check-in': {
      const entrant = t.entrants.find((x) => x.userId === e.userId);
      if (!entrant) return refuse({ code: 'not-registered' });
      if (entrant.checkedIn) return refuse({ code: 'already-checked-in' });
      if (e.at >= (t.checkInClosesAt ?? 0)) return refuse({ code: 'check-in-closed' });
      return done({
        ...t,
        entrants: t.entrants.map((x) => (x.userId === e.userId ? { ...x, checkedIn: true } : x)),
      });
    }
    case 'start': {
      const closesAt = t.checkInClosesAt ?? 0;
      // Early only when nobody could still check in.
      if (e.at < closesAt && t.entrants.some((x) => !x.checkedIn))
        return refuse({ code: 'check-in-open', closesAt });
      const running: Tournament = { ...t, status: 'running' };
      const first = nextRound(running, e.at);
      if (!first)
        return refuse({ code: 'too-few-entrants', entrants: t.entrants.filter((x) => x.checkedIn).length });
      return done({ ...running, rounds: [first] });
    }
    case 'report':
      return report(t, e);
    case 'drop': {
      const entrant = t.entrants.find((x) => x.userId === e.userId);
      if (!entrant?.checkedIn) return refuse({ code: 'not-an-entrant' });
      if (entrant.droppedAfterRound !== null) return refuse({ code: 'already-dropped' });
      const rule = t.settings.drop;
      if (e.reason === 'left-server' && !rule.onLeavingServer)
        return refuse({ code: 'drop-rule', reason: e.reason });
      if (e.reason === 'timeouts' && (rule.afterTimeouts === null || (e.timeouts ?? 0) < rule.afterTimeouts))
        return refuse({ code: 'drop-rule', reason: e.reason });
      const rounds = t.rounds.length;
      return done({
        ...t,
        entrants: t.entrants.map((x) =>
          x.userId === e.userId ? { ...x, droppedAfterRound: rounds, dropReason: e.reason } : x,
        ),
      });
    }
    case 'pause':
      return done({ ...t, status: 'paused', pausedAt: e.at });
    case 'resume': {
      const paused = Math.max(0, e.at - (t.pausedAt ?? e.at));
      // The round in play gets back the time it was paused.
      const rounds = t.rounds.map((r, i) =>
        i === t.rounds.length - 1 && !complete(r) ? { ...r, deadline: r.deadline + paused } : r,
      );
      const resumed: Tournament = { ...t, status: 'running', pausedAt: null, rounds };
      return done(advanceIfComplete(resumed, e.at));
    }
    case 'cancel':
      return done({ ...t, status: 'cancelled', endedAt: e.at });
  }
}

export const complete = (r: Round): boolean => r.tables.every((table) => r.results[table.id] !== undefined);

/** A running tournament whose round is complete gets its next round, or finishes. */
function advanceIfComplete(t: Tournament, at: number): Tournament {
  const last = t.rounds.at(-1);
  if (t.status !== 'running' || !last || !complete(last)) return t;
  const next = nextRound(t, at);
  return next ? { ...t, rounds: [...t.rounds, next] } : { ...t, status: 'finished', endedAt: at };
}

function report(t: Tournament, e: Extract<TournamentEvent, { type: 'report' }>): Outcome<Tournament> {
  const index = t.rounds.findIndex((r) => r.tables.some((table) => table.id === e.tableId));
  const round = t.rounds[index];
  const table = round?.tables.find((x) => x.id === e.tableId);
  if (!round || !table) return refuse({ code: 'unknown-table', tableId: e.tableId });
  const placeOf = new Map(e.places.map((p) => [p.userId, p.place]));
  if (placeOf.size !== e.places.length || e.places.length !== table.seats.length)
    return refuse({ code: 'bad-places', reason: 'one place per seat' });
  if (!table.seats.every((s) => placeOf.has(s)))
    return refuse({ code: 'bad-places', reason: 'someone not at the table' });
  const places = table.seats.map((s) => ({ userId: s, place: placeOf.get(s) as number }));
  if (!isCompetitionRanking(places.map((p) => p.place)))
    return refuse({ code: 'bad-places', reason: 'not a ranking (1, 1, 3)' });
  const before = round.results[e.tableId];
  if (before) {
    const same = before.ending === e.ending && before.places.every((p, i) => p.place === places[i]?.place);
    // A second report of the same result (a retry, another shard) is a no-op; a different one is refused.
    return same ? done(t, false) : refuse({ code: 'result-differs', tableId: e.tableId });
  }
  const updated: Round = {
    ...round,
    results: { ...round.results, [e.tableId]: { places, ending: e.ending, reportedAt: e.at } },
  };
  const rounds = t.rounds.map((r, i) => (i === index ? updated : r));
  return done(advanceIfComplete({ ...t, rounds }, e.at));
}
