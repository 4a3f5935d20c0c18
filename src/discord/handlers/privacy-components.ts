import { t } from '../../i18n/messages.ts';
import { PersonStillSeatedError } from '../../store/errors.ts';
import type { CustomId } from '../../table-kit/custom-id.ts';
import { emptyPayload } from '../../table-kit/payload.ts';
import { type Click, isEphemeral } from '../clicked-message.ts';
import { forgetPerson } from '../forget-person.ts';
import { userLanguage } from '../language.ts';
import { CONFIRM_MINUTES, confirmMessage } from '../messages/privacy-message.ts';
import type { Runtime } from '../runtime.ts';
import { editOptions } from '../send.ts';
import { say } from './replies.ts';

/** A confirmation drawn this far in the future is no confirmation (a clock set back, or a forgery). */
const SKEW_MS = 60_000;

/**
 * `/privacy`'s buttons. Every one is the asker's own: its id names them, and it must sit on their private
 * answer (the router has checked that the message carries the control, its time and person included). A
 * click that is not theirs, not on a private message, or an `erase` older than `CONFIRM_MINUTES`, deletes
 * nothing and says why. `ask` only shows the confirmation; `keep` ends the request.
 */
export async function onPrivacyComponent(rt: Runtime, i: Click, id: CustomId): Promise<void> {
  if (id.arg !== i.user.id || !isEphemeral(i)) return say(i, 'privacy.not-yours');
  const language = userLanguage(i);
  const now = rt.clock.now();
  const store = rt.tables.store;
  if (id.verb === 'ask') {
    const running = (await store.gamesOfUser(i.user.id, ['active'])).length;
    await i.update(editOptions(confirmMessage(i.user.id, running, language, now)));
    return;
  }
  if (id.verb === 'keep') {
    await i.update(editOptions(emptyPayload(t(language, 'privacy.kept'))));
    return;
  }
  if (id.verb !== 'erase') return say(i, 'error.old-control');
  const age = now - id.gameId * 1000;
  if (age > CONFIRM_MINUTES * 60_000 || age < -SKEW_MS) {
    await i.update(editOptions(emptyPayload(t(language, 'privacy.expired', { minutes: CONFIRM_MINUTES }))));
    return;
  }
  // Handing seats over and recomputing every rating may take a while: the buttons go first.
  await i.update(editOptions(emptyPayload(t(language, 'privacy.deleting'))));
  try {
    const { report, handedOver } = await forgetPerson(store, i.user.id, {
      lock: (gameId, task) => rt.locks.run(gameId, task),
      plan: (row) => rt.scheduler.plan(row),
      now: () => rt.clock.now(),
    });
    for (const gameId of report.gameIds) rt.replays.forget(gameId);
    for (const id of report.tournamentIds) void rt.tournaments.redraw(id);
    rt.log.info({ games: report.games, handedOver: handedOver.length }, 'forgot a person on their request');
    await i.editReply(
      editOptions(
        emptyPayload(
          t(language, 'privacy.done', {
            games: report.games,
            former: t(language, 'privacy.former-player'),
            handed: handedOver.length,
            votes: report.votes,
            rows: report.scheduleRows,
            ratings: report.ratings,
          }),
        ),
      ),
    );
  } catch (e) {
    if (!(e instanceof PersonStillSeatedError)) throw e;
    await i.editReply(editOptions(emptyPayload(t(language, 'privacy.failed'))));
  }
}
