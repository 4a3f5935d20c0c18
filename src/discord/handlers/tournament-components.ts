/**
 * A tournament message's buttons: Register, Withdraw, Check in. The click is judged against the tournament
 * as stored and caught up to now (tournament-desk.ts), never against the message it came from: a click on
 * an old message, after registration closed, without having checked in, or naming a tournament of another
 * server is refused privately with its reason and changes nothing. The answer is private; the public
 * message is redrawn by the desk.
 */
import { t } from '../../i18n/messages.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import type { TournamentEvent } from '../../tournaments/events.ts';
import type { Click } from '../clicked-message.ts';
import { userLanguage } from '../language.ts';
import type { Runtime } from '../runtime.ts';
import { refusalText } from '../tournaments/tournament-refusals.ts';
import { tell } from './replies.ts';

const DONE: Record<string, string> = {
  register: 'tournament.registered',
  withdraw: 'tournament.withdrew',
  'check-in': 'tournament.checked-in',
};

export async function onTournamentComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  const language = userLanguage(i);
  const done = DONE[id.verb];
  if (!done) return tell(i, t(language, 'error.old-control'));
  const desk = rt.tournaments;
  const stored = await desk.store.tournaments.get(id.gameId);
  if (!stored) return tell(i, t(language, 'tournament.refused.unknown'));
  if (stored.guildId !== i.guildId) return tell(i, t(language, 'tournament.refused.other-server'));
  const userId = i.user.id;
  let rating = 0;
  if (id.verb === 'register') {
    const standing = await desk.store.ratings.standing(
      { gameType: stored.tournament.settings.game, scope: stored.guildId },
      userId,
    );
    rating = standing?.display ?? 0;
  }
  const outcome = await desk.act(id.gameId, (_, at): TournamentEvent[] => {
    if (id.verb === 'register') return [{ type: 'register', userId, rating, at }];
    if (id.verb === 'withdraw') return [{ type: 'withdraw', userId, at }];
    return [{ type: 'check-in', userId, at }];
  });
  if (!outcome.ok) {
    const latest = (await desk.store.tournaments.get(id.gameId))?.tournament ?? stored.tournament;
    return tell(i, refusalText(language, outcome.refusal, id.verb, latest, userId));
  }
  return tell(i, t(language, done, { id: id.gameId }));
}
