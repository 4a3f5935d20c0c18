/**
 * What a person is told when their tournament click or command is refused: the core's refusal made
 * specific to what they tried (a Register after registration closed says that, not the status), in their
 * language.
 */
import { t } from '../../i18n/messages.ts';
import type { Tournament } from '../../tournaments/model.ts';
import type { Refusal } from '../../tournaments/refusal.ts';
import { selector } from '../messages/tournament-message.ts';

const when = (ms: number): string => `<t:${Math.floor(ms / 1000)}:f>`;

export function refusalText(
  language: string,
  refusal: Refusal | { readonly code: 'busy' },
  verb: string,
  t0: Tournament | null,
  userId: string,
): string {
  switch (refusal.code) {
    case 'wrong-status': {
      const entrant = t0?.entrants.find((e) => e.userId === userId);
      // Past the registration and check-in, a click says what it missed rather than the status.
      if (verb === 'register' && refusal.status !== 'draft')
        return t(language, 'tournament.refused.registration-closed');
      if (
        (verb === 'check-in' || verb === 'withdraw') &&
        !['draft', 'registration'].includes(refusal.status)
      ) {
        if (!entrant) return t(language, 'tournament.refused.not-registered');
        if (!entrant.checkedIn) return t(language, 'tournament.refused.not-checked-in');
      }
      return t(language, 'tournament.refused.wrong-status', { status: selector(refusal.status) });
    }
    case 'registration-closed':
    case 'already-registered':
    case 'not-registered':
    case 'already-checked-in':
    case 'check-in-closed':
      return t(language, `tournament.refused.${refusal.code}`);
    case 'full':
      return t(language, 'tournament.refused.full', { cap: refusal.cap });
    case 'check-in-open':
      return t(language, 'tournament.refused.check-in-open', { closes: when(refusal.closesAt) });
    case 'too-few-entrants':
      return t(language, 'tournament.refused.too-few', { count: refusal.entrants });
    case 'invalid-settings':
      return t(language, 'tournament.refused.invalid-settings', { field: refusal.field });
    case 'busy':
      return t(language, 'tournament.refused.busy');
    default:
      return t(language, 'tournament.refused.other');
  }
}
