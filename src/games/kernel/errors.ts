import type { RuleError } from './types.ts';

/** Thrown inside a rules module to refuse an action; `apply` turns it into an `ApplyResult` error. */
export class RuleViolation extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RuleViolation';
  }

  toRuleError(): RuleError {
    return { code: this.code, message: this.message };
  }
}

export function refuse(code: string, message: string): never {
  throw new RuleViolation(code, message);
}
