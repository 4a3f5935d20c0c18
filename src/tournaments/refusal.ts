/**
 * Why an event was refused, as data: the table layer says it to the person in their language. Every
 * refusal leaves the tournament as it was.
 */
import type { Status } from './model.ts';

export type Refusal =
  /** The event does not apply in the tournament's status (`allowed`: the statuses where it does). */
  | { readonly code: 'wrong-status'; readonly status: Status; readonly allowed: readonly Status[] }
  | { readonly code: 'invalid-settings'; readonly field: string; readonly reason: string }
  /** Registration's closing time has passed (or passes before it would open). */
  | { readonly code: 'registration-closed' }
  | { readonly code: 'check-in-closed' }
  /** Start before the check-in window ends, while someone registered has not checked in. */
  | { readonly code: 'check-in-open'; readonly closesAt: number }
  | { readonly code: 'full'; readonly cap: number }
  | { readonly code: 'already-registered' }
  | { readonly code: 'not-registered' }
  | { readonly code: 'already-checked-in' }
  /** Too few checked-in entrants to make a first round. */
  | { readonly code: 'too-few-entrants'; readonly entrants: number }
  | { readonly code: 'not-an-entrant' }
  | { readonly code: 'already-dropped' }
  /** The drop rule the organiser chose does not drop for this reason. */
  | { readonly code: 'drop-rule'; readonly reason: string }
  | { readonly code: 'unknown-table'; readonly tableId: string }
  /** The places are not one per seat of the table, or not a ranking (1, 1, 3). */
  | { readonly code: 'bad-places'; readonly reason: string }
  /** The table already has a different result. */
  | { readonly code: 'result-differs'; readonly tableId: string };

export type Outcome<T> =
  | { readonly ok: true; readonly value: T; readonly changed: boolean }
  | { readonly ok: false; readonly refusal: Refusal };
