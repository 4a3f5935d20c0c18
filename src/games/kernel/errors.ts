import type { Message } from './message.ts';
import type { RuleError } from './types.ts';

/** Thrown inside a rules module to refuse an action; `apply` turns it into an `ApplyResult` error. */
export class RuleViolation extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly msg?: Message,
  ) {
    super(message);
    this.name = 'RuleViolation';
  }

  toRuleError(): RuleError {
    return this.msg
      ? { code: this.code, message: this.message, msg: this.msg }
      : { code: this.code, message: this.message };
  }
}

/** Refuses with `message` (English) and, where the game gives one, the same as a catalogue message. */
export function refuse(code: string, message: string, msg?: Message): never {
  throw new RuleViolation(code, message, msg);
}
