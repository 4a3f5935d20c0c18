/**
 * What an imported record must be before anything replays or stores it (export-import.ts). A file can say
 * anything, and what it says ends up in people's statistics, in a channel and in every `/replay` of it, so
 * the record is read strictly: its bytes (size first, then UTF-8, a BOM allowed), its shape (no unknown
 * field, sizes as Discord's own limits, Discord ids as snowflakes) and what its fields say together (seats
 * for the players the options name, computers of kinds the bot can play, dates in order and in the past).
 * Each refusal names the field.
 */
import { z } from 'zod';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, ImportError } from './export-import.ts';
import { GAME_STATUSES, MOVERS } from './schema.ts';

/** A whole record: the longest game of five seats is under 100 KB, so this leaves room and refuses floods. */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;
/** A game of five seats takes a few hundred actions. */
export const MAX_ACTIONS = 20_000;
/** One action as JSON: the rules' longest is under 100 characters. */
export const MAX_ACTION_CHARS = 1_000;
/** The options as JSON ({"players":5} and a few settings). */
export const MAX_OPTIONS_CHARS = 2_000;
/** The state as JSON: a game's whole state is under 10 KB. */
export const MAX_STATE_CHARS = 512 * 1024;
/** Discord's own limit on a display name. */
export const MAX_DISPLAY_NAME = 32;
/** How far ahead of this machine's clock another's may run: dates beyond are in the future. */
export const CLOCK_SKEW_MS = 10 * 60_000;
/** Discord's snowflakes count milliseconds from here (2015-01-01T00:00:00Z). */
const DISCORD_EPOCH = 1_420_070_400_000;

const snowflake = z.string().regex(/^\d{17,20}$/, 'must be a Discord id (a snowflake of 17 to 20 digits)');
const isoDate = z.iso.datetime();
const shortText = (max: number) => z.string().min(1).max(max);
/** Any JSON, no longer than `max` characters once written. */
const jsonOf = (max: number) =>
  z.json().refine((v) => (JSON.stringify(v)?.length ?? 0) <= max, `longer than ${max} characters as JSON`);

/** Built on first use: this file and export-import.ts import each other. */
const buildSchema = () =>
  z
    .object({
      format: z.literal(EXPORT_FORMAT),
      formatVersion: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(EXPORT_FORMAT_VERSION)]),
      rules: shortText(100).optional(),
      exportedAt: isoDate,
      game: z
        .object({
          id: z.number().int().positive(),
          type: shortText(50),
          status: z.enum(GAME_STATUSES),
          options: jsonOf(MAX_OPTIONS_CHARS),
          seed: shortText(200),
          state: jsonOf(MAX_STATE_CHARS),
          version: z.number().int().min(0).max(MAX_ACTIONS),
          outcome: jsonOf(MAX_STATE_CHARS),
          guildId: snowflake.nullable(),
          channelId: snowflake.nullable(),
          threadId: snowflake.nullable(),
          hostUserId: snowflake.nullable(),
          createdAt: isoDate,
          updatedAt: isoDate,
          startedAt: isoDate.nullable(),
          finishedAt: isoDate.nullable(),
          // The table's settings: absent in older records (the defaults).
          language: shortText(20).nullable().optional(),
          turnLimitMinutes: z.number().int().positive().max(1_000_000).nullable().optional(),
          standIn: shortText(20).nullable().optional(),
          handedOver: z.boolean().optional(),
        })
        .strict(),
      seats: z
        .array(
          z
            .object({
              seat: z.number().int().min(0),
              userId: snowflake.nullable(),
              botKind: shortText(20).nullable(),
              displayName: shortText(MAX_DISPLAY_NAME),
            })
            .strict()
            .refine(
              (s) => (s.userId === null) !== (s.botKind === null),
              'a seat has a user id or a bot kind',
            ),
        )
        .max(20),
      // Who held each seat from which version, when a seat changed hands during play (seat-history.ts).
      holders: z
        .array(
          z
            .object({
              seat: z.number().int().min(0),
              fromVersion: z.number().int().min(0).max(MAX_ACTIONS).nullable(),
              userId: snowflake.nullable(),
              botKind: shortText(20).nullable(),
              displayName: shortText(MAX_DISPLAY_NAME),
            })
            .strict()
            .refine(
              (s) => (s.userId === null) !== (s.botKind === null),
              'a holder has a user id or a bot kind',
            ),
        )
        .max(200)
        .optional(),
      actions: z
        .array(
          z
            .object({
              seq: z.number().int().min(1),
              seat: z.number().int().min(0),
              action: jsonOf(MAX_ACTION_CHARS),
              createdAt: isoDate,
              madeBy: z.enum(MOVERS).optional(),
            })
            .strict(),
        )
        .max(MAX_ACTIONS),
    })
    .strict();

let schema: ReturnType<typeof buildSchema> | undefined;

export type GameRecordFile = z.infer<ReturnType<typeof buildSchema>>;

/**
 * A record's bytes as JSON: refused when larger than `MAX_RECORD_BYTES` (before reading further) or not
 * UTF-8 (naming the first bad byte); a BOM, which some editors write, is skipped.
 */
export function parseRecordBytes(bytes: Uint8Array, name: string): unknown {
  if (bytes.length > MAX_RECORD_BYTES) throw tooLarge(name, bytes.length);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(bom);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw new ImportError(
      `${name} is not UTF-8 text: byte ${bom + firstInvalidUtf8(body)} is not valid UTF-8`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${name} is not JSON: ${error instanceof Error ? error.message : error}`);
  }
}

export function tooLarge(name: string, bytes: number): ImportError {
  return new ImportError(
    `${name} is ${bytes} bytes; a game record is at most ${MAX_RECORD_BYTES} bytes (${MAX_RECORD_BYTES / 1024 / 1024} MB)`,
  );
}

/** The offset of the first byte that does not continue a well-formed UTF-8 sequence (the decoder says only that one exists). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    const [length, min] =
      b < 0x80
        ? [1, 0]
        : b >= 0xc2 && b < 0xe0
          ? [2, 0x80]
          : b >= 0xe0 && b < 0xf0
            ? [3, 0x800]
            : b >= 0xf0 && b < 0xf5
              ? [4, 0x10000]
              : [0, 0];
    if (length === 0) return i;
    let code = length === 1 ? b : b & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i + k;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code < 0xe000)) return i;
    i += length;
  }
  return bytes.length;
}

/** The shape, or the first problem with its path, as `ImportError`. */
export function readGameRecord(data: unknown): GameRecordFile {
  schema ??= buildSchema();
  const parsed = schema.safeParse(data);
  if (parsed.success) {
    // PostgreSQL's text cannot hold one, and no Discord text has one: refused on both backends alike.
    const nul = pathOfNul(parsed.data, []);
    if (nul) throw new ImportError(`not a Scarab game export: ${nul}: holds a NUL character (\\u0000)`);
    return parsed.data;
  }
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'the document';
  throw new ImportError(`not a Scarab game export: ${where}: ${issue?.message ?? 'invalid'}`);
}

export interface RecordContext {
  /** The players the options ask for, as the game's rules read them (`parseOptions`), if they name one. */
  readonly players: number | undefined;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** The computer kinds the bot can seat in this game (a lobby's levels, and older stored names). */
  readonly computerKinds: readonly string[];
  readonly now: Date;
}

/** What the fields say together; throws `ImportError` naming the field. */
export function checkRecord(record: GameRecordFile, context: RecordContext): void {
  const { game, seats, actions } = record;
  const fail = (where: string, problem: string): never => {
    throw new ImportError(`not a Scarab game export: ${where}: ${problem}`);
  };
  const started = game.status !== 'lobby' && game.state !== null;
  const { players, minPlayers, maxPlayers } = context;
  if (started && players !== undefined && seats.length !== players)
    fail('seats', `${seats.length} seats for a game of ${players} players (game.options.players)`);
  if (seats.length > maxPlayers || (started && seats.length < minPlayers))
    fail('seats', `${seats.length} seats; the game seats ${minPlayers} to ${maxPlayers} players`);
  for (const [i, s] of seats.entries()) {
    if (s.botKind !== null && !context.computerKinds.includes(s.botKind))
      fail(
        `seats.${i}.botKind`,
        `'${s.botKind}' is no computer this bot can play (${context.computerKinds.join(', ')})`,
      );
  }
  for (const [i, h] of (record.holders ?? []).entries()) {
    if (h.seat >= seats.length) fail(`holders.${i}.seat`, `seat ${h.seat} is not one of the game's seats`);
    if (h.botKind !== null && !context.computerKinds.includes(h.botKind))
      fail(
        `holders.${i}.botKind`,
        `'${h.botKind}' is no computer this bot can play (${context.computerKinds.join(', ')})`,
      );
  }
  const people = seats.flatMap((s) => (s.userId === null ? [] : [s.userId]));
  if (new Set(people).size !== people.length) fail('seats', 'a person holds two seats');

  // Dates: in order, after Discord began and its server and channel were made, and not in the future.
  const at = (iso: string) => new Date(iso).getTime();
  // A record from a machine whose clock runs a little ahead is still importable at once.
  const now = context.now.getTime() + CLOCK_SKEW_MS;
  const earliest = Math.max(DISCORD_EPOCH, ...[game.guildId, game.channelId].map(snowflakeTime));
  const dated: [string, string | null][] = [
    ['game.createdAt', game.createdAt],
    ['game.startedAt', game.startedAt],
    ['game.finishedAt', game.finishedAt],
    ['game.updatedAt', game.updatedAt],
    ['exportedAt', record.exportedAt],
  ];
  for (const [where, iso] of dated) {
    if (iso === null) continue;
    if (at(iso) > now) fail(where, `${iso} is in the future`);
    if (at(iso) < earliest)
      fail(
        where,
        `${iso} is before ${new Date(earliest).toISOString()} (Discord, its server or its channel)`,
      );
  }
  const order = (a: string, aIso: string | null, b: string, bIso: string | null) => {
    if (aIso !== null && bIso !== null && at(aIso) > at(bIso)) fail(b, `${bIso} is before ${a} (${aIso})`);
  };
  order('game.createdAt', game.createdAt, 'game.startedAt', game.startedAt);
  order('game.startedAt', game.startedAt ?? game.createdAt, 'game.finishedAt', game.finishedAt);
  order('game.createdAt', game.createdAt, 'game.updatedAt', game.updatedAt);
  if (game.status === 'lobby' && (game.startedAt !== null || game.finishedAt !== null))
    fail('game.startedAt', 'a lobby has not started');
  if ((game.status === 'active' || game.status === 'finished') && game.startedAt === null)
    fail('game.startedAt', `a game ${game.status} has started`);
  if (game.status === 'finished' && game.finishedAt === null)
    fail('game.finishedAt', 'a finished game ended');
  if (game.status === 'active' && game.finishedAt !== null)
    fail('game.finishedAt', 'a game in progress has not ended');
  let previous = game.startedAt;
  let previousWhere = 'game.startedAt';
  for (const [i, a] of actions.entries()) {
    const where = `actions.${i}.createdAt`;
    if (at(a.createdAt) > now) fail(where, `${a.createdAt} is in the future`);
    order(previousWhere, previous, where, a.createdAt);
    order(where, a.createdAt, 'game.finishedAt', game.finishedAt);
    previous = a.createdAt;
    previousWhere = where;
  }
}

/** When Discord made the thing a snowflake names (ms since 1970); 0 for none. */
function snowflakeTime(id: string | null): number {
  return id === null ? 0 : Number(BigInt(id) >> 22n) + DISCORD_EPOCH;
}

/** The path of the first string (or key) holding a NUL character, if any. */
function pathOfNul(value: unknown, path: readonly (string | number)[]): string | null {
  const here = () => (path.length ? path.join('.') : 'the document');
  if (typeof value === 'string') return value.includes('\0') ? here() : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key];
    if (key.includes('\0')) return at.join('.');
    const found = pathOfNul(inner, at);
    if (found) return found;
  }
  return null;
}
