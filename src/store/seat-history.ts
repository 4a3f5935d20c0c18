/**
 * Who held each seat from which move: a seat handed over during play (`/manage replace-seat`, the vote
 * after three time-outs) keeps its earlier holders, so a replay, the results and a person's statistics credit
 * each move to whoever made it. The `seat_holders` rows hold the whole history of a game once one of its seats
 * changed hands (written with its first handover); a game without rows has had the holders of its `seats`
 * since the start, except a game handed over before the rows existed, whose holders are known from an
 * unknown move ("until move ?"). Pure: both backends and the Discord layer read it the same way.
 */
import type { Seat } from '../games/kernel/types.ts';
import type { GameRecord, Participant, SeatHolder, SeatRecord } from './records.ts';

/** A `seat_holders` row as both schemas read it. */
export interface SeatHolderRow {
  readonly seat: number;
  readonly holder: number;
  readonly fromVersion: number | null;
  readonly userId: string | null;
  readonly botKind: string | null;
  readonly displayName: string;
}

/** The history a game record carries: its rows in seat and taking order, else its seats since the start. */
export function historyOf(
  handedOver: boolean,
  seats: readonly SeatRecord[],
  rows: readonly SeatHolderRow[],
): SeatHolder[] {
  if (rows.length === 0) return seats.map((s) => ({ ...holderOf(s), fromVersion: handedOver ? null : 0 }));
  return [...rows]
    .sort((a, b) => a.seat - b.seat || a.holder - b.holder)
    .map((r) => ({ ...holderOf(r), fromVersion: r.fromVersion }));
}

function holderOf(s: SeatRecord | SeatHolderRow): Omit<SeatHolder, 'fromVersion'> {
  return { seat: s.seat, userId: s.userId, botKind: s.botKind, displayName: s.displayName };
}

/** Every holder of every seat (a hand-written record without `holders`: its seats, from the start). */
export function holdersOf(game: GameRecord): readonly SeatHolder[] {
  return game.holders ?? historyOf(game.handedOver, game.seats, []);
}

/** The holders of one seat, in the order they took it. */
export function holdersOfSeat(game: GameRecord, seat: Seat): SeatHolder[] {
  return holdersOf(game).filter((h) => h.seat === seat);
}

/**
 * Who held `seat` once `version` moves were made, i.e. who made (or would make) the seat's next move. A
 * holder whose start is not known is the first known: nobody earlier can be named.
 */
export function holderAt(game: GameRecord, seat: Seat, version: number): SeatHolder | undefined {
  const list = holdersOfSeat(game, seat);
  let found = list[0];
  for (const h of list) if (h.fromVersion !== null && h.fromVersion <= version) found = h;
  return found;
}

/** The seats' names as they were at `version` (a replay's step), in seat order. */
export function namesAt(game: GameRecord, version: number): string[] {
  return game.seats.map((s) => holderAt(game, s.seat, version)?.displayName ?? s.displayName);
}

/** Whether a seat of `game` has had more than one holder known: then `seat_holders` holds its history. */
export function changedHands(game: GameRecord): boolean {
  return game.seats.some((s) => holdersOfSeat(game, s.seat).length > 1);
}

/**
 * The `seat_holders` rows giving `seat` to `participant` at the game's version writes, during play: the
 * game's holders so far when it has no rows yet (each from the start, or from an unknown move in a game
 * handed over before the rows existed), then the new holder. Nothing in the lobby: a seat there is no one's
 * move yet.
 */
export function handoverRows(
  game: GameRecord,
  seat: Seat,
  participant: Participant,
): (SeatHolderRow & { readonly gameId: number })[] {
  if (game.status !== 'active') return [];
  const history = holdersOf(game);
  const earlier = changedHands(game) ? [] : history.map((h) => ({ gameId: game.id, holder: 0, ...h }));
  const next = history.filter((h) => h.seat === seat).length;
  return [
    ...earlier,
    {
      gameId: game.id,
      seat,
      holder: next,
      fromVersion: game.version,
      userId: 'userId' in participant ? participant.userId : null,
      botKind: 'botKind' in participant ? participant.botKind : null,
      displayName: participant.displayName,
    },
  ];
}

/**
 * How the results credit a seat: its holders in order, each but the last "until move N" (holders who made
 * no move left out); a seat whose first holder's start is not known begins with someone unknown "until move
 * ?". `say` writes one step in the reader's language.
 */
export function creditOf(
  game: GameRecord,
  seat: Seat,
  say: {
    readonly until: (name: string, move: string) => string;
    readonly followedBy: (earlier: string, name: string) => string;
    readonly unknown: string;
  },
): string {
  const list = holdersOfSeat(game, seat).filter((h, i, all) => {
    const next = all[i + 1];
    return !next || h.fromVersion === null || next.fromVersion === null || next.fromVersion > h.fromVersion;
  });
  const last = list.at(-1);
  if (!last) return game.seats.find((s) => s.seat === seat)?.displayName ?? '';
  const steps = list.slice(0, -1).map((h, i) => say.until(h.displayName, moveText(list[i + 1]?.fromVersion)));
  if (list[0]?.fromVersion === null) steps.unshift(say.until(say.unknown, '?'));
  return steps.reduceRight((rest, step) => say.followedBy(step, rest), last.displayName);
}

function moveText(version: number | null | undefined): string {
  return version === null || version === undefined ? '?' : String(version);
}
