/**
 * What `/privacy` shows a person, privately: what Scarab keeps about them in numbers, all of it as a JSON
 * file, and the way to delete it, in two steps. Its controls (scope `privacy`) carry the person's id and
 * when they were drawn (the id slot, in Unix seconds): a click on them is theirs alone, and a confirmation
 * counts only for `CONFIRM_MINUTES`.
 */
import { ButtonStyle } from 'discord.js';
import { t } from '../../i18n/messages.ts';
import type { PersonalData } from '../../store/privacy-records.ts';
import { encodeCustomId } from '../../table-kit/custom-id.ts';
import { button, type Payload, row } from '../../table-kit/payload.ts';
import { formerName } from '../forget-person.ts';

/** How long a confirmation to delete may wait for its click. */
export const CONFIRM_MINUTES = 5;

export type PrivacyVerb = 'ask' | 'erase' | 'keep';

/** A control of `userId`'s request, drawn at `nowMs`. */
export function privacyCustomId(verb: PrivacyVerb, userId: string, nowMs: number): string {
  return encodeCustomId({
    scope: 'privacy',
    gameId: Math.max(1, Math.floor(nowMs / 1000)),
    version: 0,
    verb,
    arg: userId,
  });
}

/** The file: the store's rows as they are, with what they are. */
export function personalFile(data: PersonalData, nowMs: number): Buffer {
  const document = {
    format: 'scarab-personal-data',
    formatVersion: 1,
    exportedAt: new Date(nowMs).toISOString(),
    ...data,
  };
  return Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8');
}

/** `/privacy`'s answer: the summary, the file and the first step towards deleting. */
export function privacyMessage(data: PersonalData, language: string, nowMs: number): Payload {
  const open = data.games.filter((g) => g.status === 'lobby' || g.status === 'active').length;
  const seasons = new Set(data.ratings.filter((r) => r.scope.includes(':')).map((r) => r.scope)).size;
  return {
    content: t(language, 'privacy.summary', {
      settings: data.settings ? 'yes' : 'no',
      games: data.games.length,
      open: String(open),
      over: String(data.games.length - open),
      ratings: data.ratings.length,
      seasons,
      changes: data.ratingChanges.length,
      votes: String(data.votes.length),
      rows: String(data.schedule.length),
      former: formerName(language),
    }),
    components: [
      row(
        button(
          privacyCustomId('ask', data.userId, nowMs),
          t(language, 'privacy.delete-button'),
          ButtonStyle.Danger,
        ),
      ),
    ],
    files: [
      {
        attachment: personalFile(data, nowMs),
        name: `scarab-data-${data.userId}.json`,
        description: t(language, 'privacy.file-description'),
      },
    ],
    mentionUsers: [],
  };
}

/** The second step: what deleting does, and the buttons that do it or keep everything. */
export function confirmMessage(userId: string, running: number, language: string, nowMs: number): Payload {
  return {
    content: t(language, 'privacy.confirm', {
      former: formerName(language),
      running,
      minutes: CONFIRM_MINUTES,
    }),
    components: [
      row(
        button(
          privacyCustomId('erase', userId, nowMs),
          t(language, 'privacy.confirm-button'),
          ButtonStyle.Danger,
        ),
        button(
          privacyCustomId('keep', userId, nowMs),
          t(language, 'privacy.keep-button'),
          ButtonStyle.Secondary,
        ),
      ),
    ],
    files: [],
    mentionUsers: [],
  };
}
