import type { Interaction } from 'discord.js';
import { say } from './replies.ts';

/**
 * An interaction that reaches a bot already stopping: it starts nothing (the stop waits only for work
 * begun before it), and the person is told privately, in their language, to try again in a moment, rather
 * than seeing Discord's "This interaction failed". An autocomplete gets an empty list, its only answer.
 */
export async function answerWhileStopping(i: Interaction): Promise<void> {
  if (i.isAutocomplete()) return i.respond([]);
  if (i.isRepliable()) return say(i, 'error.restarting');
}
