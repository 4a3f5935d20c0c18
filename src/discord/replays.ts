import type { CatalogPin } from '../games/kernel/catalog-book.ts';
import type { LogLine } from '../games/kernel/log.ts';
import { getGame } from '../games/registry.ts';
import { dealtOptions } from '../store/catalog-pins.ts';
import type { GameRecord } from '../store/records.ts';
import type { Payload } from '../table-kit/payload.ts';
import { ReplayPositions } from '../table-kit/replay-positions.ts';
import type { Tables } from './tables.ts';

/** A finished game ready to be stepped through: its positions and what each move said. */
export interface Replay {
  readonly game: GameRecord;
  readonly positions: ReplayPositions;
  /** What move k said is `said[k - 1]`, every seat's lines (a reader sees what `readableBy` gives). */
  readonly said: readonly (readonly LogLine[])[];
  /** The card catalogs it was dealt with that are not today's (an edit since): the replay names them. */
  readonly olderCatalogs: readonly CatalogPin[];
}

/** How many games' replays stay ready at once: a few people stepping through a few games. */
const KEPT = 8;

/** How many drawn steps stay ready (a picture is ~20 ms to draw and ~100 kB to keep): back and forth. */
const STEPS_KEPT = 32;

/**
 * Replays of finished games, rebuilt from the store's action log on first use and kept for the next clicks
 * (the newest `KEPT`): a step then costs at most 31 moves of the rules and one picture. A finished game's
 * moves never change; its names do when a person asks to be forgotten (`forget`), the one way a kept replay
 * goes stale.
 */
export class Replays {
  private readonly kept = new Map<number, Replay>();
  private readonly steps = new Map<string, Payload>();

  constructor(private readonly tables: Tables) {}

  /** The game's replay; throws `ReplayError` if these rules cannot replay its log. */
  async of(game: GameRecord): Promise<Replay> {
    const hit = this.kept.get(game.id);
    if (hit) {
      // Most recently used last: the first key is the one to forget.
      this.kept.delete(game.id);
      this.kept.set(game.id, hit);
      return hit;
    }
    const log = await this.tables.store.actionLog(game.id);
    const module = getGame(game.type);
    // Dealt with the card catalogs the game was dealt with, however they were edited since.
    const options: unknown = JSON.parse(
      dealtOptions(module, JSON.stringify(game.options), game.seed, game.state),
    );
    const positions = ReplayPositions.build(module, {
      options,
      seed: game.seed,
      actions: log.map((a) => ({ seat: a.seat, action: a.action })),
    });
    const replay: Replay = {
      game,
      positions,
      said: log.map((a) => a.said),
      olderCatalogs: (module.catalogs?.pins(module.parseOptions(options)) ?? []).filter(
        (p) => p.version !== p.current,
      ),
    };
    this.kept.set(game.id, replay);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as number);
    return replay;
  }

  /** Drops what is kept of a game whose seats were renamed (a person forgotten: forget-person.ts). */
  forget(gameId: number): void {
    this.kept.delete(gameId);
    for (const key of [...this.steps.keys()]) if (key.startsWith(`${gameId}:`)) this.steps.delete(key);
  }

  /**
   * The message of `replay` at `move` in `language`, drawn by `draw` unless one of the newest `STEPS_KEPT`
   * steps is the same: a finished game's step never changes, and readers step back and forth.
   */
  step(replay: Replay, move: number, language: string, draw: () => Payload): Payload {
    const key = `${replay.game.id}:${move}:${language}`;
    const hit = this.steps.get(key);
    this.steps.delete(key);
    const payload = hit ?? draw();
    this.steps.set(key, payload);
    if (this.steps.size > STEPS_KEPT) this.steps.delete(this.steps.keys().next().value as string);
    return payload;
  }
}
