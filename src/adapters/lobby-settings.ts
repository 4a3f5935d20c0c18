/**
 * Choices a game lets the host make in its lobby, stored in the game's options (e.g. Valley's card pool
 * and first player). The lobby message shows `lines` and one row per select; buttons share the row of
 * the rated/casual button and the language buttons. A lobby has five rows and uses three itself, so a
 * game gets two selects and one button (the shared row also holds the rating, the computers' levels, the
 * other language and, on a casual table, the host's hint choice: five buttons, Discord's most in a row). Texts are in the game's language (`language`, a
 * catalogue of assets/i18n).
 */
export type LobbyOptions = Readonly<Record<string, unknown>>;

export interface LobbyChoice {
  readonly value: string;
  readonly label: string;
  readonly description?: string;
  readonly default?: boolean;
}

export interface LobbySelect {
  /** Names the control in its custom_id: short, no ':'. */
  readonly id: string;
  readonly placeholder: string;
  readonly choices: readonly LobbyChoice[];
  /** Several values at once (e.g. the sets of a custom pool); one when absent. */
  readonly pick?: { readonly min: number; readonly max: number };
}

export interface LobbyButton {
  readonly id: string;
  readonly label: string;
  /** The value this button sets (a button names its choice, never toggles, so a doubled click is harmless). */
  readonly value: string;
}

export const MAX_LOBBY_SELECTS = 2;
export const MAX_LOBBY_BUTTONS = 1;

/** A host's choice that the game refuses, with the sentence to show them. */
export class LobbySettingError extends Error {}

export interface LobbySettings {
  /** What is chosen now, one line each, for the lobby's text. */
  lines(options: LobbyOptions, language: string): readonly string[];
  /**
   * The options every game of a tournament starts with, in one line for its message (only what a
   * tournament sets: not who plays first, which the tournament draws).
   */
  summary?(options: LobbyOptions, language: string): string;
  controls(
    options: LobbyOptions,
    language: string,
  ): {
    readonly selects: readonly LobbySelect[];
    readonly buttons: readonly LobbyButton[];
  };
  /**
   * The options after the host chose `values` on control `control`; throws LobbySettingError to refuse,
   * with the sentence in `language` (the host's).
   */
  choose(
    options: LobbyOptions,
    control: string,
    values: readonly string[],
    language: string,
  ): Record<string, unknown>;
}

/** A stored game's options as the settings read them (anything but an object reads as none chosen). */
export function lobbyOptionsOf(options: unknown): LobbyOptions {
  return typeof options === 'object' && options !== null && !Array.isArray(options)
    ? (options as LobbyOptions)
    : {};
}
