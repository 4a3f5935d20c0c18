import { RuleViolation } from './errors.ts';
import { collectLines } from './log.ts';
import { type Message, termRef } from './message.ts';
import type { ApplyResult, Seat } from './types.ts';

/** What a zod schema gives: enough to read an untrusted action without tying the kernel to zod. */
interface ActionSchema<A> {
  safeParse(
    raw: unknown,
  ): { success: true; data: A } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A module's public `apply`: checks the action's shape, applies it to a copy, and turns a refusal by
 * the rules (`RuleViolation`) into an error result, so the input state is never changed.
 * `game` is the game's type, whose title (`title.<game>`) names it in the refusal of a malformed action.
 * The result says what the move did (`describe` of the position it was made in), so that nothing has to
 * run the rules on the old position again to tell the mover, and the log lines it wrote.
 */
export function checkedApply<S, A>(
  game: string,
  schema: ActionSchema<A>,
  clone: (s: S) => S,
  applyInPlace: (s: S, seat: Seat, action: A) => void,
  describe: (s: S, seat: Seat, action: A) => Message,
): (state: S, seat: Seat, action: unknown) => ApplyResult<S> {
  return (state, seat, action) => {
    const parsed = schema.safeParse(action);
    if (!parsed.success) {
      // Only a bug or a forged click gets here; the schema's detail (in English) helps whoever reports it.
      const msg: Message = {
        key: 'kernel.rules.malformed',
        values: { game: termRef(`title.${game}`), detail: parsed.error.issues[0]?.message ?? '' },
      };
      return { ok: false, error: { code: 'malformed', msg } };
    }
    const draft = clone(state);
    try {
      const { lines } = collectLines(() => applyInPlace(draft, seat, parsed.data));
      // Said when asked: a replay never asks (a tenth of a move's cost). `state` is never changed.
      return {
        ok: true,
        state: draft,
        log: lines,
        get label() {
          return describe(state, seat, parsed.data);
        },
      };
    } catch (e) {
      if (e instanceof RuleViolation) return { ok: false, error: e.toRuleError() };
      throw e;
    }
  };
}
