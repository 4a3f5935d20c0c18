/**
 * The hand's **Hint** button (README, "Hints"): the Hard player's three best moves for the person who
 * pressed it, from their own view, each with its estimated chance to win and the game's reasons, in a
 * private reply. One press, one search: the search runs on the thinking pool (never the bot's thread), a
 * press while it thinks starts nothing, and a press on the position already answered gets that answer
 * again, neither searched nor counted twice.
 */
import { MessageFlags } from 'discord.js';
import type { Logger } from 'pino';
import type { ThinkingPool } from '../adapters/thinking-pool.ts';
import type { Analysis } from '../games/kernel/analysis.ts';
import type { Seat, TableView } from '../games/kernel/types.ts';
import { t } from '../i18n/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { holdersOfSeat } from '../store/seat-history.ts';
import type { Store } from '../store/store.ts';
import type { GameContext } from '../table-kit/context.ts';
import type { Payload } from '../table-kit/payload.ts';
import type { Click } from './clicked-message.ts';
import { replyPrivately } from './handlers/replies.ts';
import { userLanguage } from './language.ts';
import { isRated } from './messages/rating-lines.ts';
import { moveName } from './move-names.ts';
import type { Tables } from './tables.ts';

/** How many moves a hint names. */
export const HINT_MOVES = 3;

/** Whether a table offers hints: a casual game (never a rated one) whose host did not forbid them. */
export function hintsOffered(game: GameRecord): boolean {
  return game.hints !== false && !isRated(game);
}

/** Why a hint cannot be given now, as a catalogue key; null: it can. */
export function hintRefusal(game: GameRecord, view: TableView<unknown> | null): string | null {
  if (isRated(game)) return 'table.hint.rated';
  if (game.hints === false) return 'table.hint.forbidden';
  if (!view || view.finished || view.actions.length === 0 || view.autoPass !== null)
    return 'table.hint.not-yours';
  if (view.questionId !== null) return 'table.hint.question';
  if (view.actions.length === 1) return 'table.hint.one-move';
  return null;
}

interface Answered {
  readonly version: number;
  readonly language: string;
  readonly payload: Payload;
}

export class Hints {
  /** Searches under way, by game and seat. */
  private readonly thinking = new Map<string, Promise<void>>();
  /** The last answer each seat got, by game and seat: the same position is answered again from it. */
  private readonly answered = new Map<string, Answered>();
  /** Hints searched (each counted in the store), for tests and the benchmark. */
  searched = 0;

  constructor(
    private readonly tables: Tables,
    private readonly pool: ThinkingPool,
    private readonly log: Logger,
  ) {}

  /** Hints being thought now. */
  get pending(): number {
    return this.thinking.size;
  }

  /** Settles when every hint being thought has been answered (tests, an orderly stop). */
  async settled(): Promise<void> {
    while (this.thinking.size > 0) await Promise.allSettled([...this.thinking.values()]);
  }

  /**
   * A press of Hint by `seat`: acknowledged at once as a private reply, then answered when its search is
   * done. The handler does not wait for the search (the bot's thread is free meanwhile, and thoughts do
   * not give way to an interaction that is only waiting for one).
   */
  async press(i: Click, game: GameRecord, seat: Seat): Promise<void> {
    await i.deferReply({ flags: MessageFlags.Ephemeral });
    const language = userLanguage(i);
    const say = (key: string) => replyPrivately(i, textPayload(t(language, key)));
    const view = game.state === null ? null : this.tables.view(game, seat);
    const refusal = hintRefusal(game, view);
    if (refusal) return say(refusal);
    const key = `${game.id}:${seat}`;
    if (this.thinking.has(key)) return say('table.hint.busy');
    const last = this.answered.get(key);
    if (last && last.version === game.version && last.language === language)
      return replyPrivately(i, {
        ...last.payload,
        content: `${t(language, 'table.hint.again')}\n${last.payload.content}`,
      });
    const work = this.answer(i, game, seat, language).finally(() => this.thinking.delete(key));
    this.thinking.set(key, work);
  }

  private async answer(i: Click, game: GameRecord, seat: Seat, language: string): Promise<void> {
    try {
      const thought = await this.pool.analyse(game.type, game.state, seat, { top: HINT_MOVES });
      const analysis = thought.action as Analysis<unknown> | null;
      if (!analysis || analysis.moves.length === 0) {
        await replyPrivately(i, textPayload(t(language, 'table.hint.question')));
        return;
      }
      this.searched++;
      const used = await this.tables.store.hints.count(game.id, seat);
      const payload = hintMessage(this.tables, game, seat, analysis, language, used);
      this.answered.set(`${game.id}:${seat}`, { version: game.version, language, payload });
      await replyPrivately(i, payload);
    } catch (e) {
      this.log.warn({ err: e, gameId: game.id, seat }, 'a hint could not be thought');
      await replyPrivately(i, textPayload(t(language, 'table.hint.failed'))).catch(() => {});
    }
  }
}

/** The results' line of hints: how many each person used, on a table that offered them. */
export async function hintLines(store: Store, game: GameRecord, ctx: GameContext): Promise<string[]> {
  if (!hintsOffered(game)) return [];
  const used = await store.hints.used(game.id);
  // Only a person presses Hint, and during play a seat passes only to a computer: a seat's hints are its
  // one person's, who is named even when a computer took the seat from them (a time-out vote, a request).
  const people = game.seats.flatMap((s) => {
    const person = holdersOfSeat(game, s.seat).find((h) => h.userId !== null);
    if (!person) return [];
    return [{ seat: s.seat, name: s.userId !== null ? (ctx.names[s.seat] ?? '') : person.displayName }];
  });
  if (people.length === 0) return [];
  const list = people
    .map((p) => t(ctx.language, 'table.results.hint-count', { name: p.name, count: used[p.seat] ?? 0 }))
    .join(', ');
  return [t(ctx.language, 'table.results.hints', { list })];
}

const textPayload = (content: string): Payload => ({ content, components: [], files: [], mentionUsers: [] });

/** The hint's text: each move named as the log names it (`moveName`), its chance, and its reasons. */
export function hintMessage(
  tables: Tables,
  game: GameRecord,
  seat: Seat,
  analysis: Analysis<unknown>,
  language: string,
  used: number,
): Payload {
  const adapter = tables.adapterOf(game);
  const ctx = tables.context(game, language);
  const lines = [t(language, 'table.hint.heading', { id: game.id })];
  analysis.moves.forEach((move, k) => {
    lines.push(
      t(language, 'table.hint.move', {
        n: k + 1,
        move: moveName(adapter, game.state, seat, move.action, ctx),
        chance: Number.isNaN(move.winChance) ? '?' : Math.round(move.winChance * 100),
        // The search's order is not the chances' order: a move dropped early has fewer games behind it.
        games: move.playouts,
      }),
    );
    const reasons = adapter.moveReasons?.(game.state, seat, move.action, language) ?? [];
    for (const text of reasons) lines.push(t(language, 'table.hint.reason', { text }));
  });
  lines.push(t(language, 'table.hint.estimate', { playouts: analysis.playouts }));
  lines.push(t(language, 'table.hint.count', { count: used }));
  return textPayload(lines.join('\n'));
}
