/**
 * One game as one JSON document: everything needed to replay it (options, seed, seats, action log) plus the
 * stored state to compare with. For bug reports, and for moving a game to another database.
 */

import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Outcome } from '../games/kernel/types.ts';
import { type AnyGame, getGame, listGames as registeredGames } from '../games/registry.ts';
import { lobbyRating, type RatableGame } from '../ratings/eligibility.ts';
import { RatingBook } from '../ratings/rating-book.ts';
import { catalogNote, dealtOptions } from './catalog-pins.ts';
import type { ScarabDatabase } from './database.ts';
import { DuplicateGameError, type GameId, GameNotFoundError } from './errors.ts';
import { checkRecord, readGameRecord } from './game-record-schema.ts';
import { encodeLines } from './log-codec.ts';
import { readStoredParts } from './lookups.ts';
import { FORMER_PLAYER } from './privacy-records.ts';
import { type ActionRecord, type GameRecord, IMPORTED_MARK, type ImportedGame, toRecord } from './records.ts';
import { firstDifference, replay, toJson } from './replay.ts';
import {
  actions,
  GAME_STATUSES,
  gameMessages,
  games,
  MOVERS,
  seatHolders,
  seats,
  stateParts,
} from './schema.ts';
import { changedHands, holdersOf } from './seat-history.ts';
import { expectedOutcome } from './settled-outcome.ts';
import { type StatePart, splitState } from './state-parts.ts';

export const EXPORT_FORMAT = 'scarab-game';
/**
 * 4: the document names the rules that played it (`rules`, `rulesFingerprint`), so a log another version
 * of the rules cannot replay is refused with both named. Records written since carry the table's settings
 * too (`language`, `turnLimitMinutes`, `standIn`, `handedOver`); older ones, without them, get the defaults.
 * 3: the state as the rules write it since it keeps no log (what each action said is replayed on import and
 * stored with it). Records of a game whose seats changed hands carry every holder of its seats (`holders`,
 * seat-history.ts); without it, the seats held them from the start. 2: the state and the outcome's summary as catalogue messages. A document of an earlier
 * version is still imported: its log of actions is replayed as always, and its state, of an older shape,
 * is not compared (nor the summary of a version 1 outcome). Whatever the version, an import reads the record
 * strictly (game-record-schema.ts: no unknown field, sizes, snowflakes, computer kinds, dates) and refuses
 * a game the database holds already.
 */
export const EXPORT_FORMAT_VERSION = 4;

const json = z.json();
const isoDate = z.iso.datetime();

const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(EXPORT_FORMAT_VERSION)]),
  rules: z.string().min(1).optional(),
  exportedAt: isoDate,
  game: z.object({
    id: z.number().int().positive(),
    type: z.string().min(1),
    status: z.enum(GAME_STATUSES),
    options: json,
    seed: z.string(),
    state: json,
    version: z.number().int().min(0),
    outcome: json,
    guildId: z.string().nullable(),
    channelId: z.string().nullable(),
    threadId: z.string().nullable(),
    hostUserId: z.string().nullable(),
    createdAt: isoDate,
    updatedAt: isoDate,
    startedAt: isoDate.nullable(),
    finishedAt: isoDate.nullable(),
    // The table's settings: a replay speaks the game's language; absent in older records (the defaults).
    language: z.string().min(1).nullable().optional(),
    turnLimitMinutes: z.number().int().positive().nullable().optional(),
    standIn: z.string().min(1).nullable().optional(),
    handedOver: z.boolean().optional(),
  }),
  seats: z.array(
    z
      .object({
        seat: z.number().int().min(0),
        userId: z.string().nullable(),
        botKind: z.string().nullable(),
        displayName: z.string(),
      })
      .refine((s) => (s.userId === null) !== (s.botKind === null), 'a seat has a user id or a bot kind'),
  ),
  // Who held each seat from which version, when a seat changed hands during play (seat-history.ts).
  holders: z
    .array(
      z
        .object({
          seat: z.number().int().min(0),
          fromVersion: z.number().int().min(0).nullable(),
          userId: z.string().nullable(),
          botKind: z.string().nullable(),
          displayName: z.string(),
        })
        .refine((s) => (s.userId === null) !== (s.botKind === null), 'a holder has a user id or a bot kind'),
    )
    .optional(),
  actions: z.array(
    z.object({
      seq: z.number().int().min(1),
      seat: z.number().int().min(0),
      action: json,
      createdAt: isoDate,
      // Who made the move (schema.ts MOVERS); absent when not known (older records, older moves).
      madeBy: z.enum(MOVERS).optional(),
    }),
  ),
});

export type GameExport = z.infer<typeof exportSchema>;

export class ImportError extends Error {
  override readonly name = 'ImportError';
}

export function exportGame(database: ScarabDatabase, gameId: GameId, now = new Date()): GameExport {
  const { db } = database;
  // One read transaction: a bot writing meanwhile cannot show a row and a log from different moments.
  const { row, seatRows, holderRows, log } = database.sqlite.transaction(() => {
    const row = db.select().from(games).where(eq(games.id, gameId)).get();
    // The state whole, as the rules hold it: its shared parts put back (state-parts.ts).
    readStoredParts(db, [row?.state ?? null]);
    return {
      row,
      seatRows: db.select().from(seats).where(eq(seats.gameId, gameId)).orderBy(asc(seats.seat)).all(),
      holderRows: db.select().from(seatHolders).where(eq(seatHolders.gameId, gameId)).all(),
      log: db.select().from(actions).where(eq(actions.gameId, gameId)).orderBy(asc(actions.seq)).all(),
    };
  })();
  if (!row) throw new GameNotFoundError(gameId);
  const actionsOf = log.map((a) => ({
    seq: a.seq,
    seat: a.seat,
    action: JSON.parse(a.action),
    createdAt: a.createdAt,
    madeBy: a.madeBy,
  }));
  return recordOf(toRecord(row, seatRows, [], holderRows), actionsOf, now);
}

/**
 * The export of a game as any store gives it (its record and action log, `Store.getGame` and
 * `Store.actionLog`): what a finished game's "Download" hands a player, on either backend.
 */
export function recordOf(
  game: GameRecord,
  log: readonly (Pick<ActionRecord, 'seq' | 'seat' | 'action' | 'createdAt'> & {
    readonly madeBy?: ActionRecord['madeBy'];
  })[],
  now = new Date(),
): GameExport {
  const iso = (d: Date | null) => (d === null ? null : d.toISOString());
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    rules: rulesFingerprint(getGame(game.type)),
    exportedAt: now.toISOString(),
    game: {
      id: game.id,
      type: game.type,
      status: game.status,
      options: game.options as z.infer<typeof json>,
      seed: game.seed,
      state: game.state as z.infer<typeof json>,
      version: game.version,
      outcome: game.outcome as z.infer<typeof json>,
      guildId: game.guildId,
      channelId: game.channelId,
      threadId: game.threadId,
      hostUserId: game.hostUserId,
      createdAt: game.createdAt.toISOString(),
      updatedAt: game.updatedAt.toISOString(),
      startedAt: iso(game.startedAt),
      finishedAt: iso(game.finishedAt),
      language: game.language ?? null,
      turnLimitMinutes: game.turnLimitMinutes ?? null,
      standIn: game.standIn ?? null,
      handedOver: game.handedOver,
    },
    seats: game.seats.map((s) => ({
      seat: s.seat,
      userId: s.userId,
      botKind: s.botKind,
      displayName: s.displayName,
    })),
    ...(changedHands(game) ? { holders: holdersOf(game).map((h) => ({ ...h })) } : {}),
    actions: log.map((a) => ({
      seq: a.seq,
      seat: a.seat,
      action: a.action as z.infer<typeof json>,
      createdAt: a.createdAt.toISOString(),
      // Kept with the move, so an imported game's key moments still skip what its people did not play.
      ...(a.madeBy ? { madeBy: a.madeBy } : {}),
    })),
  };
}

export interface ImportOptions {
  /** What "in the future" means for the record's dates (default: now). */
  readonly now?: Date;
  /**
   * The operator's word that the game counts like one played here: in statistics, and in ratings when its
   * seats make it rated. Default false: a file can claim any seats and result, so it counts for nobody.
   */
  readonly countInStats?: boolean;
  /** The computer kinds a game of this type can seat (default: the lobby levels and older players' names). */
  readonly computerKinds?: (type: string) => readonly string[] | undefined;
}

/**
 * A lobby's levels (src/table-kit/computer-levels.ts), the players' names seats stored before them, and the
 * seat of a person forgotten on request (`FORMER_PLAYER`: in finished games only, which nothing plays).
 */
export const STORED_COMPUTER_KINDS: readonly string[] = [
  'easy',
  'normal',
  'hard',
  'heuristic',
  'search',
  'random',
  FORMER_PLAYER,
];

/**
 * Validates an export, replays it, and stores it as a new game (ids are never reused, so it gets a new
 * one, returned), on SQLite; `Store.importGame` does it on either backend. Refuses, writing nothing, when
 * the file is malformed, says what cannot be (game-record-schema.ts), its log does not reproduce its state,
 * or the database holds the game already: a game imported must be a game the store could have played.
 */
export function importGame(database: ScarabDatabase, data: unknown, options: ImportOptions = {}): GameId {
  return storeImported(database, prepareImport(data, options), new RatingBook(database));
}

/** The checks and the replay of an import, writing nothing: the rows to store, or an `ImportError`. */
export function prepareImport(data: unknown, options: ImportOptions = {}): ImportedGame {
  const record = readGameRecord(data);
  const { game, seats: seatList, actions: log, formatVersion } = record;
  const module = registeredGames().find((g) => g.id === game.type);
  if (!module) throw new ImportError(`unknown game type '${game.type}' (is its module imported?)`);
  if (seatList.some((s, i) => s.seat !== i))
    throw new ImportError('seats must be numbered 0, 1, 2... in order');
  checkRecord(record, {
    players: playersOf(module, game),
    minPlayers: module.minPlayers,
    maxPlayers: module.maxPlayers,
    computerKinds: options.computerKinds?.(game.type) ?? STORED_COMPUTER_KINDS,
    now: options.now ?? new Date(),
  });
  // Kept only when a seat had several holders: otherwise the seats say it all (seat-history.ts).
  const given = record.holders ?? [];
  const holderList = given.some((h, i) => given.findIndex((e) => e.seat === h.seat) !== i) ? given : [];
  if (holderList.some((h) => h.seat >= seatList.length))
    throw new ImportError('a holder sits at a seat the game does not have');

  // Dealt with the card catalog versions its options pin (or, unpinned, those that deal its state), so an
  // edit of a catalog since never refuses it.
  const optionsJson = dealtOptions(module, toJson(game.options, 'the options'), game.seed, game.state);
  let state: string | null = null;
  let outcome: string | null = null;
  let logs: readonly (string | null)[] = [];
  let parts: readonly StatePart[] = [];
  if (game.status === 'lobby' || game.state === null) {
    if (game.state !== null || log.length > 0)
      throw new ImportError('a game that never started has a state or actions');
  } else {
    // The options were read by the rules already (checkRecord's players): a catalog not kept is refused there.
    const replayed = replay(module, {
      type: game.type,
      options: optionsJson,
      seed: game.seed,
      actions: log.map((a) => ({ seq: a.seq, seat: a.seat, action: toJson(a.action, 'an action') })),
    });
    if (!replayed.ok) {
      const here = rulesFingerprint(module);
      const other = record.rules !== undefined && record.rules !== here;
      const note = catalogNote(module, optionsJson);
      throw new ImportError(
        `${other ? `it was played under other rules (${record.rules}; these are ${here}): ` : ''}the log does not replay: action #${replayed.seq}: ${replayed.problem}${note ? ` (${note})` : ''}`,
      );
    }
    if (replayed.version !== game.version) {
      throw new ImportError(`version is ${game.version} but the log holds ${replayed.version} actions`);
    }
    const difference =
      formatVersion < EXPORT_FORMAT_VERSION
        ? null
        : firstDifference(splitState(module, game.state).stateJson, replayed.stateJson);
    if (difference)
      throw new ImportError(`the state differs from the replay of its log at ${difference.path}`);
    // A game settled as it stands (settled-outcome.ts) is finished where the rules say it goes on.
    const ended =
      game.status === 'finished'
        ? expectedOutcome(module, replayed.state, game.outcome as Outcome | null)
        : replayed.outcome;
    const finished = ended !== null;
    if (finished !== (game.status === 'finished') && game.status !== 'cancelled') {
      throw new ImportError(
        `the game is marked ${game.status} but the rules say it is ${finished ? 'over' : 'not over'}`,
      );
    }
    const stored =
      formatVersion === 1 ? (game.outcome as { results?: unknown } | null)?.results : game.outcome;
    const expected = formatVersion === 1 ? ended?.results : ended;
    if (game.status === 'finished' && !isDeepStrictEqual(stored, expected)) {
      throw new ImportError('the outcome differs from the replayed one');
    }
    state = replayed.stateJson;
    parts = replayed.parts;
    logs = replayed.said.map((lines) => encodeLines(game.type, lines));
    outcome = game.status === 'finished' ? toJson(ended, 'the outcome') : null;
  }

  const date = (iso: string | null) => (iso === null ? null : new Date(iso));
  const countInStats = options.countInStats ?? false;
  return {
    originalId: game.id,
    columns: {
      type: game.type,
      status: game.status,
      options: optionsJson,
      seed: game.seed,
      state,
      version: game.version,
      outcome,
      guildId: game.guildId,
      channelId: game.channelId,
      threadId: game.threadId,
      hostUserId: game.hostUserId,
      createdAt: new Date(game.createdAt),
      updatedAt: new Date(game.updatedAt),
      startedAt: date(game.startedAt),
      finishedAt: date(game.finishedAt),
      // Rated only on the operator's word, then as a lobby's automatic choice would have it.
      rated: countInStats && lobbyRating(null, seatList).rated,
      language: game.language ?? null,
      turnLimitMinutes: game.turnLimitMinutes ?? null,
      standIn: game.standIn ?? null,
      handedOver: game.handedOver ?? false,
    },
    seats: seatList,
    holders: holderList.map((h, i) => ({
      ...h,
      holder: holderList.slice(0, i).filter((e) => e.seat === h.seat).length,
    })),
    actions: log.map((a) => ({
      seq: a.seq,
      seat: a.seat,
      action: toJson(a.action, 'an action'),
      createdAt: new Date(a.createdAt),
      log: logs[a.seq - 1] ?? null,
      madeBy: a.madeBy ?? null,
    })),
    parts,
    countInStats,
  };
}

/** The players the options ask for, as the rules read them; undefined when they name no count. */
function playersOf(
  module: AnyGame,
  game: { status: string; state: unknown; options: unknown },
): number | undefined {
  if (game.status === 'lobby' || game.state === null) return undefined;
  let parsed: unknown;
  try {
    parsed = module.parseOptions(game.options);
  } catch (error) {
    // Such as a catalog version this copy of Scarab does not keep: named, rather than a failed setup.
    throw new ImportError(
      `its options are refused: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const players = (parsed as { players?: unknown } | null)?.players;
  return typeof players === 'number' ? players : undefined;
}

/**
 * Whether a stored game is the record's game: the same options, and logs agreeing as far as both go (an
 * earlier export of a game that went on is the same game). The caller found it by type and seed.
 */
export function sameGame(
  stored: { readonly options: string; readonly log: readonly { seat: number; action: string }[] },
  imported: ImportedGame,
): boolean {
  if (!isDeepStrictEqual(JSON.parse(stored.options), JSON.parse(imported.columns.options))) return false;
  const common = Math.min(stored.log.length, imported.actions.length);
  for (let i = 0; i < common; i++) {
    const a = stored.log[i] as { seat: number; action: string };
    const b = imported.actions[i] as ImportedGame['actions'][number];
    if (a.seat !== b.seat || !isDeepStrictEqual(JSON.parse(a.action), JSON.parse(b.action))) return false;
  }
  return true;
}

/** What a finished imported game gives the ratings (when it counts), without reading it back. */
export function ratableImport(id: GameId, imported: ImportedGame): RatableGame {
  const { columns } = imported;
  return {
    id,
    type: columns.type,
    status: columns.status,
    guildId: columns.guildId,
    rated: columns.rated,
    handedOver: columns.handedOver,
    outcome: columns.outcome === null ? null : (JSON.parse(columns.outcome) as Outcome),
    finishedAt: columns.finishedAt,
    seats: imported.seats,
  };
}

/** `Store.importGame` on SQLite: in one transaction, refusing a game held already (`DuplicateGameError`). */
export function storeImported(database: ScarabDatabase, imported: ImportedGame, ratings: RatingBook): GameId {
  const { db } = database;
  return database.sqlite
    .transaction(() => {
      const candidates = db
        .select({ id: games.id, options: games.options })
        .from(games)
        .where(and(eq(games.type, imported.columns.type), eq(games.seed, imported.columns.seed)))
        .orderBy(asc(games.id))
        .all();
      for (const candidate of candidates) {
        const log = db
          .select({ seat: actions.seat, action: actions.action })
          .from(actions)
          .where(eq(actions.gameId, candidate.id))
          .orderBy(asc(actions.seq))
          .all();
        if (sameGame({ options: candidate.options, log }, imported))
          throw new DuplicateGameError(candidate.id);
      }
      for (const part of imported.parts) db.insert(stateParts).values(part).onConflictDoNothing().run();
      const { id } = db.insert(games).values(imported.columns).returning({ id: games.id }).get();
      for (const s of imported.seats)
        db.insert(seats)
          .values({ gameId: id, ...s })
          .run();
      for (const h of imported.holders)
        db.insert(seatHolders)
          .values({ gameId: id, ...h })
          .run();
      for (const a of imported.actions)
        db.insert(actions)
          .values({ gameId: id, ...a })
          .run();
      if (!imported.countInStats) {
        db.insert(gameMessages)
          .values({
            gameId: id,
            kind: IMPORTED_MARK,
            channelId: null,
            messageId: String(imported.originalId),
            version: null,
            updatedAt: imported.columns.updatedAt,
          })
          .run();
      } else if (imported.columns.status === 'finished') ratings.gameFinished(ratableImport(id, imported));
      return id;
    })
    .immediate();
}

const fingerprints = new WeakMap<AnyGame, string>();

/**
 * The rules a game is played under, as a record names them: the game and a digest of what its setup deals
 * (with options that pin no card catalog: its fixed unpinned versions), so a changed deal gives another name.
 * An edited catalog keeps the name: each record's options pin the catalog it was dealt with. Code changes
 * that keep the deal keep the name: a record is judged by whether its log replays.
 */
export function rulesFingerprint(module: AnyGame): string {
  const known = fingerprints.get(module);
  if (known) return known;
  const dealt = JSON.stringify(
    module.setup(module.parseOptions({ players: module.minPlayers }), 'scarab-rules'),
  );
  const name = `${module.id}@${createHash('sha256').update(dealt).digest('hex').slice(0, 16)}`;
  fingerprints.set(module, name);
  return name;
}
