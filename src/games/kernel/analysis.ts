/**
 * What a game's search player tells a person about a decision (src/games/search/analysis.ts computes it):
 * plain data, so it crosses a thread and the table layer reads it without knowing the game.
 */
export interface RankedMove<A> {
  readonly action: A;
  /** Share of this move's playouts the seat won (a tie counts its share). */
  readonly winChance: number;
  /** Playouts behind that figure: the fewer, the rougher. */
  readonly playouts: number;
}

export interface MoveCost<A> {
  readonly best: A;
  readonly played: A;
  /** Paired playouts: each world dealt once and played out after both moves with the same dice. */
  readonly duels: number;
  readonly bestWinChance: number;
  readonly playedWinChance: number;
  /** Mean over the duels of (best's win − played's win), and its standard error. */
  readonly loss: number;
  readonly stderr: number;
  /** The loss is clear of the estimate's noise: `loss − Z · stderr ≥ NOTABLE_LOSS`. */
  readonly notable: boolean;
}

/** What a game's players answer when asked to analyse a position (`GamePlayers.analyse`). */
export interface AnalysisRequest<A> {
  /** How many of the best moves to return. */
  readonly top: number;
  /** A move the seat made or means to make, to be compared with the best (a key moment). */
  readonly played?: A;
  /** Paired playouts for that comparison. */
  readonly duels?: number;
  /**
   * The search's budget, when not the Hard player's own: a cheaper look (key moments screen a whole game
   * with it, then confirm what it finds with the Hard player's budget). Its first move is then the choice
   * of that smaller search, no longer necessarily the Hard player's move.
   */
  readonly playouts?: number;
}

export interface Analysis<A> {
  /** Best first; the first is the Hard player's move from this view and seed. */
  readonly moves: readonly RankedMove<A>[];
  /** Present when `played` was asked about; null when the seat had nothing to choose. */
  readonly cost?: MoveCost<A> | null;
  readonly playouts: number;
}
