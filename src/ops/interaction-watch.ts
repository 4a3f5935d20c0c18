/**
 * One interaction, watched from the moment the bot receives it: its kind, whether it was acknowledged, and
 * how long Discord took to accept the first acknowledgement, whoever made it (the handler, or the bot's own
 * deferral at the deadline: ../discord/ack-deadline.ts). The acknowledging methods are wrapped before the
 * router sees the interaction, so the deadline's watch wraps these in turn and every path is timed once.
 */
import { performance } from 'node:perf_hooks';
import type { Interaction } from 'discord.js';
import type { ScarabMetrics } from './metrics.ts';

/** The calls that acknowledge an interaction: whichever comes first is its answer. */
const ACKNOWLEDGING = ['reply', 'update', 'deferReply', 'deferUpdate', 'showModal', 'respond'] as const;

export type InteractionKind = 'command' | 'autocomplete' | 'button' | 'select' | 'modal' | 'other';

export function kindOf(i: Interaction): InteractionKind {
  if (i.isChatInputCommand()) return 'command';
  if (i.isAutocomplete()) return 'autocomplete';
  if (i.isButton()) return 'button';
  if (i.isAnySelectMenu()) return 'select';
  if (i.isModalSubmit()) return 'modal';
  return 'other';
}

export interface InteractionWatch {
  /** The handler failed (the router caught it and told the person). */
  failed(): void;
  /** The router is done with it: counted by its outcome. */
  done(): void;
}

type Method = (...args: unknown[]) => Promise<unknown>;

export function watchInteraction(metrics: ScarabMetrics, i: Interaction): InteractionWatch {
  const kind = kindOf(i);
  const start = performance.now();
  let acknowledged: 'no' | 'asked' | 'answered' | 'refused' = 'no';
  let failed = false;
  const self = i as unknown as Record<string, Method | undefined>;
  for (const name of ACKNOWLEDGING) {
    const original = self[name];
    if (typeof original !== 'function') continue;
    self[name] = (...args: unknown[]) => {
      const sent = original.apply(i, args);
      if (acknowledged === 'no') {
        acknowledged = 'asked';
        sent.then(
          () => {
            acknowledged = 'answered';
            metrics.ackSeconds.observe({ kind }, (performance.now() - start) / 1000);
          },
          // The caller gets the rejection from `sent` itself; here it only marks the outcome.
          () => {
            acknowledged = 'refused';
          },
        );
      }
      return sent;
    };
  }
  return {
    failed() {
      failed = true;
    },
    done() {
      const outcome =
        failed || acknowledged === 'refused' ? 'failed' : acknowledged === 'no' ? 'unanswered' : 'answered';
      metrics.interactions.inc({ kind, outcome });
    },
  };
}
