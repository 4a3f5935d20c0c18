import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Seat } from '../games/kernel/types.ts';
import { valley } from '../games/valley/index.ts';
import type { ValleyState } from '../games/valley/state.ts';
import { ratingDecision } from '../ratings/eligibility.ts';
import { GLOBAL_SCOPE } from '../ratings/scopes.ts';
import type { GameMessage } from '../store/messages.ts';
import type { GameRecord } from '../store/records.ts';
import type { ChannelPacer } from './channel-pacer.ts';
import type { Desk } from './desk.ts';
import type { GameLocks } from './game-lock.ts';
import {
  type BoardOptions,
  boardMessage,
  decisionPing,
  finishedBoardText,
  owedByOthers,
} from './messages/board-message.ts';
import { seatMention } from './messages/context.ts';
import { handMessage } from './messages/hand-message.ts';
import type { Payload } from './messages/payload.ts';
import { resultRatingLines } from './messages/rating-lines.ts';
import { resultsMessage } from './messages/results-message.ts';
import type { PrivateHands } from './private-hands.ts';
import { editOptions, messageOptions } from './send.ts';

/** Message kinds the adapter keeps in the store beside 'lobby' and 'board'. */
const DECISION = 'decision';
const RESULTS = 'results';

/**
 * Tells the table what changed. Every game change is committed before anything is posted, so a
 * Discord failure here can lose a message but never corrupt or double a move; the stored board
 * version says when the board must be posted again (at startup, or with /board).
 *
 * The thread stays tidy: one board per turn (the previous one loses its buttons), a decision owed by
 * others shows on the board itself, and a ping for such a decision is deleted once it is answered.
 */
export class Publisher {
  /** Reaction DMs per game, edited when their window closes so no dead buttons stay behind. */
  private readonly reactionDms = new Map<number, { channelId: string; messageId: string }[]>();
  private readonly pendingRefresh = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly client: Client,
    private readonly desk: Desk,
    private readonly hands: PrivateHands,
    readonly pacer: ChannelPacer,
    private readonly locks: GameLocks,
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
    this.pacer.record(channelId, 'send');
    const message = await channel.send(messageOptions(payload));
    return message.id;
  }

  async edit(channelId: string, messageId: string, payload: Payload): Promise<void> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isTextBased()) throw new Error(`channel ${channelId} is not a text channel`);
    this.pacer.record(channelId, 'edit');
    await channel.messages.edit(messageId, editOptions(payload));
  }

  /** Replaces only the text and removes the controls; the picture stays. */
  private async strip(m: GameMessage, content?: string): Promise<void> {
    if (!m.channelId) return;
    try {
      const channel = await this.client.channels.fetch(m.channelId);
      if (!channel?.isTextBased()) return;
      this.pacer.record(m.channelId, 'edit');
      await channel.messages.edit(m.messageId, {
        ...(content === undefined ? {} : { content, allowedMentions: { parse: [] } }),
        components: [],
      });
    } catch (e) {
      // A stale board with buttons is untidy, not wrong: its clicks are checked against the game.
      this.log.warn({ err: e, messageId: m.messageId }, 'could not remove the buttons of an old message');
    }
  }

  private async remove(gameId: number, kind: string): Promise<void> {
    const m = this.desk.store.locations.getMessage(gameId, kind);
    if (!m) return;
    this.desk.store.locations.setMessage(gameId, kind, null);
    if (!m.channelId) return;
    try {
      const channel = await this.client.channels.fetch(m.channelId);
      if (channel?.isTextBased()) {
        this.pacer.record(m.channelId, 'delete');
        await channel.messages.delete(m.messageId);
      }
    } catch (e) {
      this.log.warn({ err: e, gameId, kind }, 'could not delete a message that is no longer needed');
    }
  }

  /**
   * A new board message (mentioning the player to move), remembered as the game's board. The one it
   * replaces loses its buttons, so the newest board is the only one with controls.
   */
  async postBoard(game: GameRecord, o: BoardOptions | string = {}): Promise<void> {
    const options = typeof o === 'string' ? { headline: o } : o;
    const channelId = this.channelOf(game);
    const ctx = this.desk.context(game);
    const previous = this.desk.store.locations.getMessage(game.id, 'board');
    const id = await this.send(
      channelId,
      boardMessage(this.desk.view(game, null), ctx, this.desk.pictures, options),
    );
    this.desk.store.locations.setMessage(game.id, 'board', {
      messageId: id,
      channelId,
      version: game.version,
    });
    if (previous && previous.messageId !== id) await this.strip(previous);
  }

  /**
   * Brings the current board message up to date, or posts one if there is none. When the channel has
   * no room for an edit now (one is kept for removing an old board's buttons), the edit is left for a
   * moment: board edits show the latest position, so skipping intermediate ones loses nothing.
   */
  async refreshBoard(game: GameRecord): Promise<void> {
    const board = this.desk.store.locations.getMessage(game.id, 'board');
    if (!board?.channelId) return this.postBoard(game);
    const wait = this.pacer.waitFor(board.channelId, 'edit', 2);
    if (wait > 0) return this.refreshLater(game.id, wait);
    const ctx = this.desk.context(game);
    await this.edit(
      board.channelId,
      board.messageId,
      // Editing never pings, so the mention stays as text only.
      { ...boardMessage(this.desk.view(game, null), ctx, this.desk.pictures), mentionUsers: [] },
    );
    this.desk.store.locations.setMessage(game.id, 'board', { ...board, version: game.version });
  }

  private refreshLater(gameId: number, wait: number): void {
    if (this.pendingRefresh.has(gameId)) return;
    const timer = setTimeout(() => {
      this.pendingRefresh.delete(gameId);
      void this.locks
        .run(gameId, async () => {
          const game = this.desk.store.getGame(gameId);
          const board = this.desk.store.locations.getMessage(gameId, 'board');
          // A newer board, or the end of the game, has made this edit unnecessary.
          if (game.status === 'active' && board && board.version !== game.version)
            await this.refreshBoard(game);
        })
        .catch((e: unknown) => this.log.warn({ err: e, gameId }, 'a postponed board edit failed'));
    }, wait);
    timer.unref();
    this.pendingRefresh.set(gameId, timer);
  }

  /** Stops postponed edits (the bot is stopping). */
  stop(): void {
    for (const timer of this.pendingRefresh.values()) clearTimeout(timer);
    this.pendingRefresh.clear();
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
    const view = this.desk.view(game, null);
    const id = await this.send(channelId, resultsMessage(view, ctx, this.desk.pictures, ratingLines));
    this.desk.store.locations.setMessage(game.id, RESULTS, {
      messageId: id,
      channelId,
      version: game.version,
    });
    const link = game.guildId ? `https://discord.com/channels/${game.guildId}/${channelId}/${id}` : null;
    await this.closeBoard(game, finishedBoardText(ctx, view.turn.number, link));
  }

  /** The game is over or cancelled: its last board keeps no live buttons, and says so. */
  async closeBoard(game: GameRecord, text: string): Promise<void> {
    const board = this.desk.store.locations.getMessage(game.id, 'board');
    this.desk.store.locations.setMessage(game.id, 'board', null);
    await this.remove(game.id, DECISION);
    if (board) await this.strip(board, text);
    this.hands.forget(game.id);
  }

  /** Decides what the table must see after `before` became `after`. */
  async afterChange(before: GameRecord, after: GameRecord): Promise<void> {
    const s0 = this.desk.state(before);
    const s1 = this.desk.state(after);
    const q0 = s0.stack.at(-1)?.q;
    const q1 = s1.stack.at(-1)?.q;
    if (q0?.window && q0.id !== q1?.id) await this.closeReactionDms(after.id);
    // Only a decision outside a window is ever pinged in a message of its own.
    if (q0 && !q0.window && q0.id !== q1?.id) await this.remove(after.id, DECISION);
    if (after.status === 'finished') return this.postResults(after);
    if (s1.turn.number !== s0.turn.number) await this.postBoard(after);
    else {
      await this.refreshBoard(after);
      if (q1 && q1.id !== q0?.id && owedByOthers(this.desk.view(after, null))) await this.announce(after, s1);
    }
    await this.refreshHands(before, after);
  }

  /**
   * Redraws the private hands that went stale, so nobody needs a click to see what they may do now.
   * The player to move whose turn goes on after others decided, and whose hand cannot be redrawn any
   * more (its token expired, or the bot restarted), is mentioned on a board posted anew instead.
   */
  private async refreshHands(before: GameRecord, after: GameRecord): Promise<void> {
    const s0 = this.desk.state(before);
    const s1 = this.desk.state(after);
    const ctx = this.desk.context(after);
    // The turn goes on: its player was waiting for others, and now the game waits for them again.
    const mover = s1.turn.seat;
    const resumed =
      s0.turn.number === s1.turn.number &&
      !valley.waitingFor(s0).includes(mover) &&
      valley.waitingFor(s1).includes(mover);
    for (const { seat } of after.seats) {
      if (!ctx.users[seat]) continue;
      const live = this.hands.live(after.id, seat);
      // Views (with every legal action) are drawn only for hands that are there to redraw.
      if (live && live.version !== after.version) {
        const v1 = this.desk.view(after, seat);
        if (!live.controls && v1.actions.length === 0) continue;
        const banner =
          resumed && seat === mover ? '🔔 Everyone has answered: it is your move again.' : undefined;
        try {
          await live.interaction.editReply(
            editOptions(handMessage(v1, ctx, this.desk.pictures, banner ? { banner } : {})),
          );
          this.hands.remember(after.id, seat, {
            interaction: live.interaction,
            version: after.version,
            controls: v1.actions.length > 0,
          });
          continue;
        } catch (e) {
          this.hands.forget(after.id, seat);
          this.log.info({ err: e, gameId: after.id, seat }, 'could not redraw a private hand');
        }
      } else if (live) continue;
      if (resumed && seat === mover) await this.pingMover(after, seat);
    }
  }

  private async pingMover(game: GameRecord, seat: Seat): Promise<void> {
    const ctx = this.desk.context(game);
    await this.postBoard(game, {
      headline: `${seatMention(ctx, seat)}, everyone has answered: your turn goes on. Press **My hand**.`,
      ping: true,
    });
  }

  /** A decision owed by other players: a ping for named people, a private nudge to anyone who can react. */
  private async announce(game: GameRecord, s: ValleyState): Promise<void> {
    const q = s.stack.at(-1)?.q;
    if (!q) return;
    const ctx = this.desk.context(game);
    const channelId = this.channelOf(game);
    if (!q.window) {
      const id = await this.send(channelId, decisionPing(this.desk.view(game, null), ctx));
      this.desk.store.locations.setMessage(game.id, DECISION, {
        messageId: id,
        channelId,
        version: game.version,
      });
      return;
    }
    const dms: { channelId: string; messageId: string }[] = [];
    this.reactionDms.set(game.id, dms);
    for (const ask of q.asks) {
      const user = ctx.users[ask.seat];
      if (!user || ask.options.length < 2) continue;
      const view = this.desk.view(game, ask.seat);
      const payload = handMessage(view, ctx, this.desk.pictures, {
        banner: `Game #${game.id} in <#${channelId}>: you may react now.`,
      });
      try {
        const dm = await this.client.users.createDM(user);
        const message = await dm.send(messageOptions(payload));
        dms.push({ channelId: dm.id, messageId: message.id });
      } catch (e) {
        // The public Respond button still works; naming the holder publicly instead would leak the card.
        this.log.warn({ err: e, gameId: game.id, seat: ask.seat }, 'could not send a reaction DM');
      }
    }
  }

  private async closeReactionDms(gameId: number): Promise<void> {
    const dms = this.reactionDms.get(gameId);
    this.reactionDms.delete(gameId);
    for (const dm of dms ?? [])
      await this.strip(
        { ...dm, version: null },
        `Game #${gameId}: that chance to react has passed. The game goes on in its thread.`,
      );
  }
}
