import type { Message } from './message.ts';
import type { Seat } from './types.ts';

/**
 * A guided first game (`/learn`): a fixed deal played by the real rules, one learner against one scripted
 * seat, and a narrator who shows one lesson per step. Pure data and pure checks; the table glues it to a
 * stored game (src/discord/lessons.ts).
 *
 * Where the learner is is read from the game's state and the number of lessons read (`reads`, the
 * Continue presses of the steps that only tell): nothing else is stored, so a lesson resumes after a
 * restart exactly where its game is.
 */
export interface Lesson<State = unknown> {
  /** Stable id, kept with the game (it marks the game as a lesson). */
  readonly id: string;
  /** The options the game is set up with (its fixed deal and first seat); seats: learner 0, script 1. */
  readonly options: Record<string, unknown>;
  readonly seed: string;
  /** The seat that plays by the script. */
  readonly scriptedSeat: Seat;
  /** How many steps there are; `step()` returns this once the lesson is over. */
  readonly steps: number;
  /** The step the learner is at: `steps` once the game is over. */
  step(state: State, reads: number): number;
  /** Whether `step` only tells (the learner presses Continue) rather than waiting for a move. */
  reads(step: number): boolean;
  /** The narrator's text for `step` in this position (its heading is `title(step)`). */
  text(state: State, step: number): Message;
  title(step: number): Message;
  /**
   * Why the learner's `action` is not what the step asks, said of this very move; null: it is (or it is
   * an answer to a question the step's move asked, which the rules judge).
   */
  refusal(state: State, reads: number, action: unknown): Message | null;
  /** The scripted seat's move now (it is owed one). */
  scripted(state: State): unknown;
}

/**
 * Where a learner is: the first step whose goal is not done. A step that only tells is the `readIndex`-th
 * of its kind, done once that many Continues were pressed; `done` judges each step from the state.
 */
export function firstUndone<Goal extends { readonly kind: string }>(
  goals: readonly Goal[],
  done: (goal: Goal, readIndex: number) => boolean,
): number {
  let readIndex = 0;
  for (let i = 0; i < goals.length; i++) {
    const goal = goals[i] as Goal;
    if (!done(goal, readIndex)) return i;
    if (goal.kind === 'read') readIndex++;
  }
  return goals.length;
}
