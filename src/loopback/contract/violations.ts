/**
 * What the loopback saw break Discord's published contract (`discord-api-spec`): a request body the
 * specification refuses, or an answer or dispatch object that lacks a field Discord always sends.
 *
 * A refused request is also answered with Discord's 400 50035, but a bot may shrug a 400 off and a test
 * can still pass; a thin answer never fails at all. So every violation is also kept here, and the test
 * suite's guard (`test/helpers/contract-guard.ts`) fails the test during which one happened, naming the
 * route, the field and the rule. A test that provokes one on purpose takes it with
 * `control.takeContractViolations()`, which is how it asserts the refusal.
 */

export type ContractDirection = 'request' | 'answer' | 'dispatch';

export interface ContractViolation {
  readonly direction: ContractDirection;
  /** `POST /channels/:channelId/messages`, or a dispatch's event name (`MESSAGE_CREATE`). */
  readonly route: string;
  /** The field's path, dotted as Discord nests its errors: `allowed_mentions.users.0`; `` for the body. */
  readonly field: string;
  /** What the specification says of it: `BASE_TYPE_CHOICES`, `required`, `maxLength 25`… */
  readonly rule: string;
}

/** Counts of what was checked, for the suite's summary: a check that never ran proves nothing. */
export interface ContractCounts {
  requests: number;
  answers: number;
  dispatches: number;
  violations: number;
}

const counts: ContractCounts = { requests: 0, answers: 0, dispatches: 0, violations: 0 };
/** Violations not yet taken by a test or reported by the guard, across every loopback of this process. */
const pending: { readonly log: ContractLog; readonly violation: ContractViolation }[] = [];

/** One loopback server's violations. */
export class ContractLog {
  checked(direction: ContractDirection): void {
    if (direction === 'request') counts.requests++;
    else if (direction === 'answer') counts.answers++;
    else counts.dispatches++;
  }

  record(violation: ContractViolation): void {
    counts.violations++;
    pending.push({ log: this, violation });
  }

  /** This server's violations not yet taken, which are then no longer reported. */
  take(): ContractViolation[] {
    const taken: ContractViolation[] = [];
    for (let i = 0; i < pending.length; ) {
      const entry = pending[i];
      if (entry?.log === this) {
        taken.push(entry.violation);
        pending.splice(i, 1);
      } else i++;
    }
    return taken;
  }
}

/** Every violation not taken since the last call, from every loopback of this process (the test guard). */
export function drainContractViolations(): ContractViolation[] {
  return pending.splice(0).map((entry) => entry.violation);
}

export function contractCounts(): Readonly<ContractCounts> {
  return { ...counts };
}

export function describeViolation(violation: ContractViolation): string {
  const field = violation.field === '' ? '(the body)' : violation.field;
  return `${violation.direction} ${violation.route}: ${field}: ${violation.rule}`;
}
