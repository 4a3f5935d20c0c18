import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { Lesson } from '../games/kernel/lesson.ts';
import type { Seat } from '../games/kernel/types.ts';
import { t } from '../i18n/messages.ts';
import { type GameRecord, LESSON_MARK } from '../store/records.ts';
import { encodeCustomId } from '../table-kit/custom-id.ts';
import { button, type Payload, row } from '../table-kit/payload.ts';
import type { Publisher } from './publisher.ts';
import type { Tables } from './tables.ts';

/** The game message kind of the narrator's latest message; its `version` is the step it shows. */
export const NARRATOR = 'narrator';
/** The narrator's Continue, on a step that only tells; its arg is that step. */
export const LESSON_NEXT = 'lesson-next';

interface Found {
  readonly lesson: Lesson;
  readonly reads: number;
  readonly channelId: string | null;
}

/**
 * A lesson at the table (`/learn`): an ordinary stored game marked with its lesson's id (`LESSON_MARK`,
 * whose `version` counts the lessons read), so it is played, stored, restarted and published like any game.
 * This adds the narrator's message after each change, the Continue of the steps that only tell, and the
 * lesson's refusal of a learner's move that is not what the step asks.
 */
export class Lessons {
  constructor(
    private readonly tables: Tables,
    private readonly publisher: Publisher,
    private readonly log: Logger,
  ) {}

  /** The lesson this game is, or null for every ordinary game. */
  async of(game: GameRecord): Promise<Found | null> {
    if (game.status === 'lobby' || game.state === null) return null;
    const lesson = this.tables.adapters.find(game.type)?.lesson;
    // Every move and click of the game's type asks: a game not set up with the lesson's own options (its
    // fixed deal) is no lesson, known without reading the marker.
    if (!lesson || !setUpAs(game.options, lesson.options)) return null;
    const mark = await this.tables.store.locations.getMessage(game.id, LESSON_MARK);
    if (!mark || mark.messageId !== lesson.id) return null;
    return { lesson, reads: mark.version ?? 0, channelId: mark.channelId };
  }

  /** Why the learner's move is not the step's, in `language`; null when it is, or when this is no lesson. */
  async refusal(game: GameRecord, seat: Seat, action: unknown, language: string): Promise<string | null> {
    if (game.status !== 'active') return null;
    const found = await this.of(game);
    if (!found || seat === found.lesson.scriptedSeat) return null;
    const why = found.lesson.refusal(game.state, found.reads, action);
    if (!why) return null;
    return this.tables.adapterOf(game).messages.names(why, this.tables.context(game, language));
  }

  /**
   * The narrator shows the step the learner is at, in a message of its own at the bottom of the thread,
   * when it is a new step (or `again`: `/learn` resuming). Run under the game's lock, after the board.
   */
  async narrate(game: GameRecord, again = false): Promise<void> {
    if (game.status === 'cancelled') return;
    const found = await this.of(game);
    if (!found) return;
    // The learner is told a step when it is theirs to play: a step met in the rival's turn (a thief it
    // is about to dig, say) is told once the rival is done, from the position it is played in.
    const waiting = this.tables.waitingFor(game);
    if (game.status === 'active' && !waiting.some((seat) => seat !== found.lesson.scriptedSeat)) return;
    const store = this.tables.store;
    const step = found.lesson.step(game.state, found.reads);
    const shown = await store.locations.getMessage(game.id, NARRATOR);
    if (shown && shown.version === step && !again) return;
    const channelId = this.publisher.channelOf(game);
    let messageId: string;
    try {
      messageId = await this.publisher.send(channelId, this.message(game, found.lesson, step));
    } catch (e) {
      // The move stands; `/learn` again tells the step once Discord takes messages again.
      this.log.warn({ err: e, gameId: game.id, step }, 'the narrator could not tell a lesson');
      return;
    }
    await store.locations.setMessage(game.id, NARRATOR, { messageId, channelId, version: step });
    // An older Continue would only be refused: it goes, its words stay.
    if (shown && shown.version !== null && found.lesson.reads(shown.version))
      await this.publisher.strip(shown);
  }

  /** Continue on `step`: true when it was the step to read (an older button reads nothing). */
  async read(game: GameRecord, step: number): Promise<boolean> {
    const found = await this.of(game);
    if (!found || game.status !== 'active') return false;
    const { lesson, reads } = found;
    if (lesson.step(game.state, reads) !== step || !lesson.reads(step)) return false;
    await this.tables.store.locations.setMessage(game.id, LESSON_MARK, {
      messageId: lesson.id,
      channelId: found.channelId,
      version: reads + 1,
    });
    this.log.debug({ gameId: game.id, step }, 'a lesson was read');
    return true;
  }

  /** The narrator's message for `step`: its heading, its one lesson, and Continue when it only tells. */
  message(game: GameRecord, lesson: Lesson, step: number): Payload {
    const ctx = this.tables.context(game);
    const names = this.tables.adapterOf(game).messages.names;
    const title = names(lesson.title(step), ctx);
    const heading =
      step < lesson.steps
        ? t(ctx.language, 'lesson.heading', { n: step + 1, of: lesson.steps, title })
        : t(ctx.language, 'lesson.heading-over', { title });
    const next = encodeCustomId({
      scope: 'game',
      gameId: game.id,
      version: game.version,
      verb: LESSON_NEXT,
      arg: String(step),
    });
    return {
      content: `### ${heading}\n${names(lesson.text(game.state, step), ctx)}`,
      components: lesson.reads(step) ? [row(button(next, t(ctx.language, 'lesson.continue')))] : [],
      files: [],
      mentionUsers: [],
      card: { accent: null },
    };
  }
}

/** Whether `options` hold each of `lesson`'s own options, equal. */
function setUpAs(options: unknown, lesson: Readonly<Record<string, unknown>>): boolean {
  if (typeof options !== 'object' || options === null) return false;
  const chosen = options as Record<string, unknown>;
  return Object.entries(lesson).every(([key, value]) => isDeepStrictEqual(chosen[key], value));
}
