import type { Message } from './message.ts';
import type { RuleError } from './types.ts';

/** Thrown inside a rules module to refuse an action; `apply` turns it into an `ApplyResult` error. */
export class RuleViolation extends Error {
  constructor(
    readonly code: string,
    readonly msg: Message,
  ) {
    // The key, not a sentence: the rules render no text (a stack trace still says which refusal it was).
    super(`${code}: ${msg.key}`);
    this.name = 'RuleViolation';
  }

  toRuleError(): RuleError {
    return { code: this.code, msg: this.msg };
  }
}

/** Refuses with `msg`, written for the player who tried the action. */
export function refuse(code: string, msg: Message): never {
  throw new RuleViolation(code, msg);
}
