import type { AutopilotTiming } from '../discord/autopilot.ts';
import { LocalInputError } from './local-errors.ts';
import type { PaceName, PagePace } from './page-types.ts';

/** How long a computer player waits before each move, by pace. Normal is the bot's own default. */
export const PACES: Readonly<Record<Exclude<PaceName, 'custom'>, { label: string; botDelayMs: number }>> = {
  slow: { label: 'Slow', botDelayMs: 3_000 },
  normal: { label: 'Normal', botDelayMs: 1_500 },
  fast: { label: 'Fast', botDelayMs: 400 },
  instant: { label: 'Instant', botDelayMs: 0 },
};

/** Where the choice is kept between starts (the world archive's settings). */
export interface PaceStore {
  savedPace(): string | null;
  savePace(name: PaceName): void;
}

/**
 * The computer players' pace at the local table, chosen on the page. The bot's autopilot reads
 * `timing.botDelayMs` each time it arms a timer, so changing the shared object here takes effect
 * from the next computer move. The reaction windows' random auto-pass delay is left alone: its
 * randomness is what keeps a pass from telling another person who holds a reaction card (with no other
 * person seated there is none, auto-pass-delay.ts).
 */
export class Pace {
  readonly #timing: AutopilotTiming;
  readonly #store: PaceStore;
  /** BOT_DELAY_MS, offered as "custom" when it is none of the paces. */
  readonly #configuredMs: number;

  constructor(timing: AutopilotTiming, store: PaceStore) {
    this.#timing = timing;
    this.#store = store;
    this.#configuredMs = timing.botDelayMs;
    const saved = store.savedPace();
    if (saved !== null && this.#isChoice(saved)) this.#timing.botDelayMs = this.#delayOf(saved);
  }

  get(): PagePace {
    const custom = !Object.values(PACES).some((p) => p.botDelayMs === this.#configuredMs);
    const choices = Object.entries(PACES).map(([name, p]) => ({
      name: name as PaceName,
      label: p.label,
      botDelayMs: p.botDelayMs,
    }));
    if (custom)
      choices.push({
        name: 'custom',
        label: 'As BOT_DELAY_MS',
        botDelayMs: this.#configuredMs,
      });
    const now = this.#timing.botDelayMs;
    const current = choices.find((c) => c.botDelayMs === now)?.name ?? 'custom';
    return { name: current, botDelayMs: now, choices };
  }

  set(name: unknown): PagePace {
    if (typeof name !== 'string' || !this.#isChoice(name))
      throw new LocalInputError(
        400,
        `"pace" must be one of ${this.get()
          .choices.map((c) => c.name)
          .join(', ')} (got ${JSON.stringify(name)})`,
      );
    this.#timing.botDelayMs = this.#delayOf(name);
    this.#store.savePace(name);
    return this.get();
  }

  #isChoice(name: string): name is PaceName {
    return this.get().choices.some((c) => c.name === name);
  }

  #delayOf(name: PaceName): number {
    return name === 'custom' ? this.#configuredMs : PACES[name].botDelayMs;
  }
}
