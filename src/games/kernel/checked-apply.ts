import { RuleViolation } from './errors.ts';
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
 * `game` names the game in the message for a malformed action ("Not a Valley of the Kings action").
 */
export function checkedApply<S, A>(
  game: string,
  schema: ActionSchema<A>,
  clone: (s: S) => S,
  applyInPlace: (s: S, seat: Seat, action: A) => void,
): (state: S, seat: Seat, action: unknown) => ApplyResult<S> {
  return (state, seat, action) => {
    const parsed = schema.safeParse(action);
    if (!parsed.success)
      return {
        ok: false,
        error: { code: 'malformed', message: `Not ${game} action: ${parsed.error.issues[0]?.message}` },
      };
    const draft = clone(state);
    try {
      applyInPlace(draft, seat, parsed.data);
      return { ok: true, state: draft };
    } catch (e) {
      if (e instanceof RuleViolation) return { ok: false, error: e.toRuleError() };
      throw e;
    }
  };
}
