/**
 * Ratings are kept per scope: each Discord server on its own, and one global scope over every server.
 * A scope is a guild id or 'global'; snowflakes are digits, so the two can never collide.
 */
export const GLOBAL_SCOPE = 'global';

/** The scopes a game's result counts in: its server (when it has one), then the global scope. */
export function scopesOf(game: { readonly guildId: string | null }): string[] {
  return game.guildId ? [game.guildId, GLOBAL_SCOPE] : [GLOBAL_SCOPE];
}

/** The scope a board or a stats request reads: the server's, or the global one. */
export function scopeFor(guildId: string | null, global: boolean): string {
  if (global) return GLOBAL_SCOPE;
  if (!guildId) throw new Error('a server scope needs a server');
  return guildId;
}
