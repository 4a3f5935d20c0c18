/**
 * A cancelled tournament cancels its games still going, each once, as `/manage cancel` does for one game:
 * the game is cancelled, its board closed with a line saying so, and its thread told. The intent is a row,
 * `tournament-cancel:<id>`, planned in the write that cancels the tournament (the desk's plan), so a
 * crash after that write still cancels the games at the next start. Each game is judged under its lock
 * from the store: one already over (finished, cancelled by an earlier firing) is left alone, so firing the
 * row again cancels nothing twice. A crash between a game's cancellation and its board's edit leaves that
 * board as it was (the game is cancelled all the same; its buttons are refused as a cancelled game's).
 */
import type { Logger } from 'pino';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import type { PlannedRow, ScheduledRow } from '../../store/records.ts';
import type { Tournament } from '../../tournaments/model.ts';
import type { GameLocks } from '../game-lock.ts';
import type { Publisher } from '../publisher.ts';
import type { Scheduler } from '../scheduler.ts';
import type { Tables } from '../tables.ts';

export const TOURNAMENT_CANCEL = 'tournament-cancel';

/** The row a cancelled tournament needs (planning it again changes nothing). */
export function cancelRows(tr: Tournament, at: number): PlannedRow[] {
  if (tr.status !== 'cancelled') return [];
  return [
    {
      key: `${TOURNAMENT_CANCEL}:${tr.id}`,
      gameId: null,
      kind: TOURNAMENT_CANCEL,
      dueAt: new Date(at),
      payload: { tournament: Number(tr.id) },
    },
  ];
}

export class TournamentCancel {
  constructor(
    private readonly tables: Tables,
    private readonly publisher: Publisher,
    private readonly locks: GameLocks,
    private readonly log: Logger,
    scheduler: Scheduler,
  ) {
    scheduler.on(TOURNAMENT_CANCEL, (row) => this.fire(row));
  }

  private async fire(row: ScheduledRow): Promise<void> {
    const id = (row.payload as { tournament: number }).tournament;
    const s = await this.tables.store.tournaments.get(id);
    if (s?.tournament.status !== 'cancelled') return;
    for (const gameId of Object.values(s.games))
      await this.locks
        .run(gameId, () => this.cancelGame(gameId, id))
        .catch((err: unknown) => {
          this.log.error({ err, tournament: id, gameId }, "could not cancel a cancelled tournament's game");
        });
  }

  private async cancelGame(gameId: number, tournament: number): Promise<void> {
    const store = this.tables.store;
    const game = await store.getGame(gameId);
    if (game.status !== 'lobby' && game.status !== 'active') return;
    const cancelled = await store.cancelGame(gameId);
    if (game.status === 'lobby') return;
    const language = this.tables.context(game).language;
    const text = t(language, 'tournament.game-cancelled', { id: String(gameId), tournament });
    const title = gameTitle(language, game.type, this.tables.adapterOf(game).game.title);
    await this.publisher.closeBoard(
      cancelled,
      `${t(language, 'manage.cancelled-title', { title, id: String(gameId) })}\n${text}`,
    );
    await this.publisher.send(this.publisher.channelOf(game), {
      content: text,
      components: [],
      files: [],
      mentionUsers: [],
    });
  }
}
