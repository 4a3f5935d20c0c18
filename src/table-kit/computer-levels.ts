/**
 * The levels a computer seat plays at, as people choose them in a lobby, and the player behind each: Easy
 * is the heuristic player who now and then slips, Normal the heuristic player, Hard the search player
 * (src/games/search). A seat stores its level as its `botKind`; seats stored before levels existed keep the
 * player's own name (`heuristic`, `random`), which still plays as it did.
 */
export const LEVELS = ['easy', 'normal', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

/** The level of new computer seats, and of the computer that plays a timed-out or absent person's turn. */
export const DEFAULT_LEVEL: Level = 'normal';

const PLAYERS: Record<Level, string> = { easy: 'easy', normal: 'heuristic', hard: 'search' };

export function isLevel(kind: string): kind is Level {
  return (LEVELS as readonly string[]).includes(kind);
}

/** The player (a bot's name in the game's rules library) that plays a seat of this kind. */
export function playerOf(kind: string): string {
  return isLevel(kind) ? PLAYERS[kind] : kind;
}

/** The level a kind plays at, for people: a stored player's name counts as its level; `random` as none. */
export function levelOf(kind: string | null | undefined): Level | null {
  if (!kind) return null;
  if (isLevel(kind)) return kind;
  return (LEVELS.find((l) => PLAYERS[l] === kind) as Level | undefined) ?? null;
}

/** The level of the computer playing a game's timed-out or absent people's turns: the host's, else the default. */
export function standInOf(game: { readonly standIn?: string | null }): Level {
  return game.standIn && isLevel(game.standIn) ? game.standIn : DEFAULT_LEVEL;
}
