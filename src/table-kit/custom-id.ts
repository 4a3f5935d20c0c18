/**
 * Every component's custom_id names the game and the state version it was drawn from, so a click is
 * decoded before anything runs and a stale or doubled click is refused instead of applied twice.
 * Format: `s1:<scope>:<gameId>:<version>:<verb>[:<arg>]` (≤ 100 characters, Discord's limit).
 * Leaderboard pages (scope `board`) have no game: their id slot is the page number (see
 * src/discord/leaderboard-id.ts). A replay's controls (scope `replay`) carry the move shown in the version's slot.
 * A person's own data (scope `privacy`, src/discord/messages/privacy-message.ts) has no game either: its id
 * slot is when the control was drawn (Unix seconds), so a confirmation's age is part of the control a click
 * must match. A tournament's buttons (scope `tournament`) carry the tournament's id in the id slot and 0 as
 * the version: what a click may do is decided from the tournament as stored, not from the message.
 */
export type Scope = 'lobby' | 'game' | 'board' | 'replay' | 'privacy' | 'tournament';

export interface CustomId {
  scope: Scope;
  gameId: number;
  version: number;
  verb: string;
  arg: string;
}

const PREFIX = 's1';
const SCOPES: Record<string, Scope> = {
  l: 'lobby',
  g: 'game',
  b: 'board',
  r: 'replay',
  p: 'privacy',
  t: 'tournament',
};
const LETTERS: Record<Scope, string> = {
  lobby: 'l',
  game: 'g',
  board: 'b',
  replay: 'r',
  privacy: 'p',
  tournament: 't',
};

export function encodeCustomId(id: CustomId): string {
  if (id.verb.includes(':')) throw new Error(`custom_id verb '${id.verb}' contains ':'`);
  const scope = LETTERS[id.scope];
  const text = `${PREFIX}:${scope}:${id.gameId}:${id.version}:${id.verb}${id.arg ? `:${id.arg}` : ''}`;
  if (text.length > 100) throw new Error(`custom_id too long (${text.length} > 100): ${text}`);
  return text;
}

/** null when the id is not one of ours (or from an incompatible older release). */
export function decodeCustomId(text: string): CustomId | null {
  const parts = text.split(':');
  if (parts[0] !== PREFIX || parts.length < 5) return null;
  // Own keys only: 'constructor' or 'toString' must not pass for a scope.
  const scope = Object.hasOwn(SCOPES, parts[1] as string) ? SCOPES[parts[1] as string] : undefined;
  const gameId = Number(parts[2]);
  const version = Number(parts[3]);
  const verb = parts[4] as string;
  if (
    !scope ||
    !Number.isSafeInteger(gameId) ||
    gameId <= 0 ||
    !Number.isSafeInteger(version) ||
    version < 0 ||
    !verb
  )
    return null;
  return { scope, gameId, version, verb, arg: parts.slice(5).join(':') };
}
