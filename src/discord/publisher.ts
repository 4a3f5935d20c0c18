import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { ValleyState } from '../games/valley/state.ts';
import { ratingDecision } from '../ratings/eligibility.ts';
import { GLOBAL_SCOPE } from '../ratings/scopes.ts';
import type { GameRecord } from '../store/records.ts';
import type { Desk } from './desk.ts';
import { boardMessage, decisionMessage } from './messages/board-message.ts';
import { handMessage } from './messages/hand-message.ts';
import type { Payload } from './messages/payload.ts';
import { resultRatingLines } from './messages/rating-lines.ts';
import { resultsMessage } from './messages/results-message.ts';
import { editOptions, messageOptions } from './send.ts';

/**
 * Tells the table what changed. Every game change is committed before anything is posted, so a
 * Discord failure here can lose a message but never corrupt or double a move; the stored board
 * version says when the board must be posted again (at startup, or with /board).
 */
export class Publisher {
  constructor(
    private readonly client: Client,
    private readonly desk: Desk,
    private readonly log: Logger,
  ) {}

  channelOf(game: GameRecord): string {
    const id = game.threadId ?? game.channelId;
    if (!id) throw new Error(`game #${game.id} has no channel`);
    return id;
  }

  async send(channelId: string, payload: Payload): Promise<string> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`cannot send messages to channel ${channelId}`);
    const message = await channel.send(messageOptions(payload));
    return message.id;
  }

  async edit(channelId: string, messageId: string, payload: Payload): Promise<void> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isTextBased()) throw new Error(`channel ${channelId} is not a text channel`);
    await channel.messages.edit(messageId, editOptions(payload));
  }

  /** A new board message (mentioning the player to move), remembered as the game's board. */
  async postBoard(game: GameRecord, headline?: string): Promise<void> {
    const channelId = this.channelOf(game);
    const ctx = this.desk.context(game);
    const id = await this.send(
      channelId,
      boardMessage(this.desk.view(game, null), ctx, this.desk.pictures, headline),
    );
    this.desk.store.setMessage(game.id, 'board', { messageId: id, channelId, version: game.version });
  }

  /** Brings the current board message up to date, or posts one if there is none. */
  async refreshBoard(game: GameRecord): Promise<void> {
    const board = this.desk.store.getMessage(game.id, 'board');
    if (!board?.channelId) return this.postBoard(game);
    const ctx = this.desk.context(game);
    await this.edit(
      board.channelId,
      board.messageId,
      boardMessage(this.desk.view(game, null), ctx, this.desk.pictures),
    );
    this.desk.store.setMessage(game.id, 'board', { ...board, version: game.version });
  }

  async postResults(game: GameRecord): Promise<void> {
    const channelId = this.channelOf(game);
    const ctx = this.desk.context(game);
    // The ratings changed in the transaction that finished the game; this only reads them.
    const scope = game.guildId ?? GLOBAL_SCOPE;
    const changes = this.desk.store.ratings.changesOfGame(game.id, scope);
    const ratingLines = resultRatingLines(
      ratingDecision(game),
      changes,
      ctx,
      game.guildId ? 'this server' : 'global',
    );
    const id = await this.send(
      channelId,
      resultsMessage(this.desk.view(game, null), ctx, this.desk.pictures, ratingLines),
    );
    this.desk.store.setMessage(game.id, 'results', { messageId: id, channelId, version: game.version });
    this.desk.store.setMessage(game.id, 'board', null);
  }

  /** Decides what the table must see after `before` became `after`. */
  async afterChange(before: GameRecord, after: GameRecord): Promise<void> {
    if (after.status === 'finished') return this.postResults(after);
    const s0 = this.desk.state(before);
    const s1 = this.desk.state(after);
    if (s1.turn.number !== s0.turn.number) return this.postBoard(after);
    const q0 = s0.stack.at(-1)?.q;
    const q1 = s1.stack.at(-1)?.q;
    if (q1 && q1.id !== q0?.id && q1.asks.some((a) => a.seat !== s1.turn.seat)) {
      await this.refreshBoard(after);
      await this.announce(after, s1);
      return;
    }
    await this.refreshBoard(after);
  }

  /** A decision owed by other players: a public note, and a private nudge to anyone who can react. */
  private async announce(game: GameRecord, s: ValleyState): Promise<void> {
    const q = s.stack.at(-1)?.q;
    if (!q) return;
    const ctx = this.desk.context(game);
    const channelId = this.channelOf(game);
    await this.send(channelId, decisionMessage(this.desk.view(game, null), ctx, q.id));
    if (!q.window) return;
    for (const ask of q.asks) {
      const user = ctx.users[ask.seat];
      if (!user || ask.options.length < 2) continue;
      const view = this.desk.view(game, ask.seat);
      const payload = handMessage(view, ctx, this.desk.pictures, {
        banner: `Game #${game.id} in <#${channelId}>: you may react now.`,
      });
      try {
        const dm = await this.client.users.createDM(user);
        await dm.send(messageOptions(payload));
      } catch (e) {
        // The public Respond button still works; naming the holder publicly instead would leak the card.
        this.log.warn({ err: e, gameId: game.id, seat: ask.seat }, 'could not send a reaction DM');
      }
    }
  }
}
