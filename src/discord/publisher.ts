import { type Client, MessageFlags } from 'discord.js';
import type { Logger } from 'pino';
import type { BoardOptions } from '../adapters/game-adapter.ts';
import type { Seat, TableView } from '../games/kernel/types.ts';
import { t } from '../i18n/messages.ts';
import { ratingDecision } from '../ratings/eligibility.ts';
import { GLOBAL_SCOPE } from '../ratings/scopes.ts';
import type { GameMessage } from '../store/messages.ts';
import type { GameRecord } from '../store/records.ts';
import { withoutControls } from '../table-kit/components-v2.ts';
import { seatMention } from '../table-kit/context.ts';
import { owedByOthers } from '../table-kit/decisions.ts';
import { clip, type Payload } from '../table-kit/payload.ts';
import type { ChannelPacer } from './channel-pacer.ts';
import type { GameLocks } from './game-lock.ts';
import { closeHands, retireHand } from './hand-retirement.ts';
import { hintLines } from './hints.ts';
import { userLanguage } from './language.ts';
import { messageLink } from './message-links.ts';
import { withKeyMomentsButton } from './messages/key-moments-message.ts';
import { lobbyMessage } from './messages/lobby-message.ts';
import { resultRatingLines } from './messages/rating-lines.ts';
import { whereIs, withTableButtons } from './my-games.ts';
import type { OptionalWork } from './optional-work.ts';
import { pictureTurn } from './picture-turns.ts';
import type { PrivateHands } from './private-hands.ts';
import { creditedNames } from './seat-names.ts';
import { editOptions, isPlainMessageClash, messageOptions } from './send.ts';
import type { Tables } from './tables.ts';
import { Watchers, watchView } from './watchers.ts';

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
  /** Board edits left for later, by game: how to cancel each. */
  private readonly pendingRefresh = new Map<number, () => void>();
  /** While this is held (Discord's invalid-request budget, optional-work.ts), board edits wait for it. */
  optional: OptionalWork | null = null;
  /** When the player to move's time runs out, for the board (set at startup: turn-timers.ts). */
  deadlineOf: (game: GameRecord) => Promise<number | null> = async () => null;
  /** Lines the table adds under any game's board (who is away: turn-timers.ts). */
  notesOf: (game: GameRecord) => Promise<string[]> = async () => [];
  /**
   * A board could not be posted (`post`) or brought up to date: plans its retry (set at startup:
   * board-retries.ts). The failure is still thrown to the caller.
   */
  boardFailed: (game: GameRecord, post: boolean) => Promise<void> = async () => {};
  /** Told how each DM went: `error` null when delivered (their DMs open or closed: direct-messages.ts). */
  dmSent: (userId: string, error: unknown) => Promise<void> = async () => {};
  /** Told after a game's results are posted (the end of the season it may have opened is planned). */
  finished: (game: GameRecord) => Promise<void> = async () => {};

  constructor(
    private readonly client: Client,
    private readonly tables: Tables,
    private readonly hands: PrivateHands,
    readonly pacer: ChannelPacer,
    private readonly locks: GameLocks,
    private readonly log: Logger,
    /** People watching games without a seat (watchers.ts): their views are redrawn after every change. */
    readonly watchers: Watchers = new Watchers(),
  ) {}

  channelOf(game: GameRecord): string {
    const id = game.threadId ?? game.channelId;
    if (!id) throw new Error(`game #${game.id} has no channel`);
    return id;
  }

  async send(channelId: string, payload: Payload): Promise<string> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`cannot send messages to channel ${channelId}`);
    return this.pacer.counted(
      channelId,
      'send',
      async () => (await channel.send(messageOptions(payload))).id,
    );
  }

  async edit(channelId: string, messageId: string, payload: Payload): Promise<void> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isTextBased()) throw new Error(`channel ${channelId} is not a text channel`);
    await this.pacer.counted(channelId, 'edit', () => channel.messages.edit(messageId, editOptions(payload)));
  }

  /** A direct message; false when it cannot be delivered (closed DMs, no such user): the caller falls back. */
  async sendDm(userId: string, payload: Payload): Promise<boolean> {
    let error: unknown = null;
    try {
      const dm = await this.client.users.createDM(userId);
      await dm.send(messageOptions(payload));
    } catch (e) {
      this.log.info({ err: e, userId }, 'a direct message could not be delivered');
      error = e;
    }
    await this.dmSent(userId, error);
    return error === null;
  }

  private async noted(board: Payload, game: GameRecord): Promise<Payload> {
    const notes = await this.notesOf(game);
    return notes.length === 0
      ? board
      : { ...board, content: clip([board.content, ...notes].join('\n'), 2000) };
  }

  /** A link to the game's current board, or to its channel when no board is known. */
  boardLink(game: GameRecord): Promise<string> {
    return whereIs(this.tables, game);
  }

  /** Replaces only the text (when given) and removes the controls; the picture stays. */
  async strip(m: GameMessage, content?: string): Promise<void> {
    if (!m.channelId) return;
    try {
      const channel = await this.client.channels.fetch(m.channelId);
      if (!channel?.isTextBased()) return;
      const message = await channel.messages.fetch(m.messageId);
      const v2 = message.flags.has(MessageFlags.IsComponentsV2);
      const names = new Map(message.attachments.map((a) => [a.id, a.name]));
      await this.pacer.counted(m.channelId, 'edit', () =>
        channel.messages.edit(
          m.messageId,
          v2
            ? {
                // The whole message is its components: the text and picture stay, the controls go.
                components: withoutControls(
                  message.components.map((c) => c.toJSON()),
                  names,
                  content,
                ),
                flags: MessageFlags.IsComponentsV2,
                allowedMentions: { parse: [] },
              }
            : {
                // A message from before Components V2 (a game older than them).
                ...(content === undefined ? {} : { content, allowedMentions: { parse: [] } }),
                components: [],
              },
        ),
      );
    } catch (e) {
      // A stale board with buttons is untidy, not wrong: its clicks are checked against the game.
      this.log.warn({ err: e, messageId: m.messageId }, 'could not remove the buttons of an old message');
    }
  }

  private async remove(gameId: number, kind: string): Promise<void> {
    const m = await this.tables.store.locations.getMessage(gameId, kind);
    if (!m) return;
    await this.tables.store.locations.setMessage(gameId, kind, null);
    if (!m.channelId) return;
    try {
      const channel = await this.client.channels.fetch(m.channelId);
      if (channel?.isTextBased()) {
        await this.pacer.counted(m.channelId, 'delete', () => channel.messages.delete(m.messageId));
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
    const ctx = this.tables.context(game);
    const previous = await this.tables.store.locations.getMessage(game.id, 'board');
    const deadline = await this.deadlineOf(game);
    await pictureTurn();
    const board = this.tables.adapterOf(game).messages.board(this.tables.view(game, null), ctx, {
      ...options,
      deadline,
    });
    let id: string;
    try {
      id = await this.send(
        channelId,
        withTableButtons(await this.noted(board, game), game.id, game.version, ctx.language),
      );
    } catch (e) {
      await this.owe(game, true, e);
      throw e;
    }
    await this.tables.store.locations.setMessage(game.id, 'board', {
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
    const board = await this.tables.store.locations.getMessage(game.id, 'board');
    if (!board?.channelId) return this.postBoard(game);
    const wait = this.pacer.waitFor(board.channelId, 'edit', 2);
    if (wait > 0) return this.refreshLater(game.id, wait);
    if (this.optional && this.optional.heldUntil() !== null) return this.refreshLater(game.id, this.optional);
    const ctx = this.tables.context(game);
    const deadline = await this.deadlineOf(game);
    await pictureTurn();
    const drawn = this.tables.adapterOf(game).messages.board(this.tables.view(game, null), ctx, { deadline });
    // Editing never pings, so the mention stays as text only.
    const payload = {
      ...withTableButtons(await this.noted(drawn, game), game.id, game.version, ctx.language),
      mentionUsers: [],
    };
    try {
      await this.edit(board.channelId, board.messageId, payload);
    } catch (e) {
      // A board posted before Components V2 cannot be edited into one: the turn gets a new board, and
      // the old one loses its buttons the old way.
      if (isPlainMessageClash(e)) return this.postBoard(game, { ping: false });
      await this.owe(game, false, e);
      throw e;
    }
    await this.tables.store.locations.setMessage(game.id, 'board', { ...board, version: game.version });
  }

  /** Plans the retry of a board that failed; a failure to plan is logged, the board's own error thrown. */
  private async owe(game: GameRecord, post: boolean, cause: unknown): Promise<void> {
    this.log.warn({ err: cause, gameId: game.id, post }, 'a board failed; its retry is planned');
    await this.boardFailed(game, post).catch((e: unknown) =>
      this.log.error({ err: e, gameId: game.id }, 'could not plan the retry of a board'),
    );
  }

  /** The edit after `after` ms, or once optional work is free again. */
  private refreshLater(gameId: number, after: number | OptionalWork): void {
    if (this.pendingRefresh.has(gameId)) return;
    const refresh = () => {
      this.pendingRefresh.delete(gameId);
      void this.locks
        .run(gameId, async () => {
          const game = await this.tables.store.getGame(gameId);
          const board = await this.tables.store.locations.getMessage(gameId, 'board');
          // A newer board, or the end of the game, has made this edit unnecessary.
          if (game.status === 'active' && board && board.version !== game.version)
            await this.refreshBoard(game);
        })
        .catch((e: unknown) => this.log.warn({ err: e, gameId }, 'a postponed board edit failed'));
    };
    if (typeof after !== 'number') {
      this.pendingRefresh.set(gameId, after.whenFree(refresh));
      return;
    }
    const timer = setTimeout(refresh, after);
    timer.unref();
    this.pendingRefresh.set(gameId, () => clearTimeout(timer));
  }

  /** Stops postponed edits (the bot is stopping). */
  stop(): void {
    for (const cancel of this.pendingRefresh.values()) cancel();
    this.pendingRefresh.clear();
  }

  async postResults(game: GameRecord): Promise<void> {
    const channelId = this.channelOf(game);
    const ctx = this.tables.context(game);
    // The ratings changed in the transaction that finished the game; this only reads them.
    const scope = game.guildId ?? GLOBAL_SCOPE;
    const changes = await this.tables.store.ratings.changesOfGame(game.id, scope);
    // Settled at a tournament round's deadline: the places are the position's, not a game played out.
    const settled = game.outcome?.settled ? t(ctx.language, 'table.settled-as-it-stands') : null;
    const ratingLines = [
      ...(settled ? [settled] : []),
      ...resultRatingLines(ratingDecision(game), changes, ctx, !game.guildId),
      ...(await hintLines(this.tables.store, game, ctx)),
    ];
    const view = this.tables.view(game, null);
    const messages = this.tables.adapterOf(game).messages;
    // The results credit every holder of a seat handed over during play (seat-names.ts).
    const credited = { ...ctx, names: creditedNames(game, ctx.language) };
    const results = withKeyMomentsButton(messages.results(view, credited, ratingLines), game, ctx.language);
    const id = await this.send(channelId, results);
    await this.tables.store.locations.setMessage(game.id, RESULTS, {
      messageId: id,
      channelId,
      version: game.version,
    });
    const link = game.guildId ? messageLink(game.guildId, channelId, id) : null;
    const last = messages.finishedBoard(view, ctx, link);
    await this.closeBoard(game, settled ? { ...last, content: `${settled}\n${last.content}` } : last);
    await this.closeLobby(game, link);
    await this.finished(game);
  }

  /** The lobby message redrawn from the game as it is now (a change made from another message). */
  async editLobby(game: GameRecord): Promise<void> {
    const lobby = await this.tables.store.locations.getMessage(game.id, 'lobby');
    if (!lobby?.channelId) return;
    await this.edit(
      lobby.channelId,
      lobby.messageId,
      lobbyMessage(game, this.tables.adapterOf(game).lobbySettings),
    );
  }

  /** The lobby's heading still said the game was in play: it now says it is finished, with the results. */
  private async closeLobby(game: GameRecord, resultsLink: string | null): Promise<void> {
    const lobby = await this.tables.store.locations.getMessage(game.id, 'lobby');
    if (!lobby?.channelId) return;
    const language = this.tables.context(game).language;
    const note = resultsLink
      ? t(language, 'lobby.finished-link', { link: resultsLink })
      : t(language, 'lobby.finished');
    try {
      await this.edit(
        lobby.channelId,
        lobby.messageId,
        lobbyMessage(game, this.tables.adapterOf(game).lobbySettings, note),
      );
    } catch (e) {
      // An untidy lobby, not a wrong game: the results and the closed board say it is over.
      this.log.warn({ err: e, gameId: game.id }, 'could not mark the lobby finished');
    }
  }

  /** A message of the game's that has served (a vote decided): its buttons go, its text says why. */
  async retire(gameId: number, kind: string, text: string): Promise<void> {
    const m = await this.tables.store.locations.getMessage(gameId, kind);
    if (!m) return;
    await this.tables.store.locations.setMessage(gameId, kind, null);
    await this.strip(m, text);
  }

  /**
   * The game is over or cancelled: its last board keeps no live buttons and says so. A finished game's
   * last board (a payload) also shows the final position: the picture it had showed the turn before,
   * with someone still to play. A cancelled game's (a text) keeps its picture.
   */
  async closeBoard(game: GameRecord, last: Payload | string): Promise<void> {
    const board = await this.tables.store.locations.getMessage(game.id, 'board');
    await this.tables.store.locations.setMessage(game.id, 'board', null);
    await this.remove(game.id, DECISION);
    if (board?.channelId && typeof last !== 'string') {
      try {
        await this.edit(board.channelId, board.messageId, { ...last, components: [], mentionUsers: [] });
      } catch (e) {
        // The results are posted already: a last board with its old picture is untidy, not wrong.
        this.log.warn({ err: e, gameId: game.id }, 'could not show the final position on the last board');
        await this.strip(board, last.content);
      }
    } else if (board) await this.strip(board, typeof last === 'string' ? last : last.content);
    await closeHands(this.tables, this.hands, game, this.log);
  }

  /** Decides what the table must see after `before` became `after`. */
  async afterChange(before: GameRecord, after: GameRecord): Promise<void> {
    // Decided from the public views only: what everyone may see changed, nothing hidden.
    const v0 = this.tables.view(before, null);
    const v1 = this.tables.view(after, null);
    const closed = v0.decision !== null && v0.decision !== v1.decision;
    if (closed && v0.waiting.window) await this.closeReactionDms(after);
    // Only a decision outside a window is ever pinged in a message of its own.
    if (closed && !v0.waiting.window) await this.remove(after.id, DECISION);
    // Watchers see what the channel sees: redrawn whatever else is posted (a failed post must not stop it).
    try {
      if (after.status === 'finished') return await this.postResults(after);
      if (v1.turn.number !== v0.turn.number) await this.postBoard(after);
      else {
        await this.refreshBoard(after);
        if (v1.decision !== null && v1.decision !== v0.decision && owedByOthers(v1))
          await this.announce(after, v1);
      }
      await this.refreshHands(before, after, v0, v1);
    } finally {
      await this.refreshWatchers(after);
    }
  }

  /** Redraws every watcher's view of the game; the game over, says so and stops. */
  private async refreshWatchers(game: GameRecord): Promise<void> {
    for (const { userId, interaction } of this.watchers.live(game.id)) {
      const language = userLanguage(interaction);
      await pictureTurn();
      const view =
        game.status === 'active'
          ? watchView(this.tables, game, language)
          : {
              content: t(language, 'watch.over', { id: game.id }),
              components: [],
              files: [],
              mentionUsers: [],
            };
      try {
        await interaction.editReply(editOptions(view));
      } catch (e) {
        this.watchers.forget(game.id, userId);
        this.log.info({ err: e, gameId: game.id }, 'could not redraw a watcher’s view');
      }
    }
    if (game.status !== 'active') this.watchers.forget(game.id);
  }

  /**
   * Redraws the private hands that went stale, so nobody needs a click to see what they may do now.
   * The player to move whose turn goes on after others decided, and whose hand cannot be redrawn any
   * more (its token expired, or the bot restarted), is mentioned on a board posted anew instead.
   */
  private async refreshHands(
    before: GameRecord,
    after: GameRecord,
    v0: TableView<unknown>,
    v1: TableView<unknown>,
  ): Promise<void> {
    const messages = this.tables.adapterOf(after).messages;
    // The turn goes on: its player was waiting for others, and now the game waits for them again.
    const mover = v1.turn.seat;
    const resumed =
      v0.turn.number === v1.turn.number &&
      !this.tables.waitingFor(before).includes(mover) &&
      this.tables.waitingFor(after).includes(mover);
    for (const { seat } of after.seats) {
      if (!after.seats[seat]?.userId) continue;
      const live = this.hands.live(after.id, seat);
      // Views (with every legal action) are drawn only for hands that are there to redraw.
      if (live && live.version !== after.version) {
        const mine = this.tables.view(after, seat);
        if (!live.controls && mine.actions.length === 0) continue;
        // Redrawn in the language the hand was opened in: the person's own.
        const ctx = this.tables.context(after, userLanguage(live.interaction));
        const banner = resumed && seat === mover ? t(ctx.language, 'table.everyone-answered') : undefined;
        try {
          await pictureTurn();
          await live.interaction.editReply(editOptions(messages.hand(mine, ctx, banner ? { banner } : {})));
          // A newer hand opened while this one was redrawn: this one must not look alive.
          if (!this.hands.redrawn(after.id, seat, live, after.version, mine.actions.length > 0))
            await retireHand(this.tables, after, live, this.log);
          continue;
        } catch (e) {
          this.hands.lapsed(after.id, seat);
          this.log.info({ err: e, gameId: after.id, seat }, 'could not redraw a private hand');
        }
      } else if (live) continue;
      if (resumed && seat === mover) await this.pingMover(after, seat);
    }
  }

  private async pingMover(game: GameRecord, seat: Seat): Promise<void> {
    const ctx = this.tables.context(game);
    await this.postBoard(game, {
      headline: t(ctx.language, 'table.turn-goes-on', { who: seatMention(ctx, seat) }),
      ping: true,
    });
  }

  /** A decision owed by other players: a ping for named people, a private nudge to anyone who can react. */
  private async announce(game: GameRecord, open: TableView<unknown>): Promise<void> {
    const ctx = this.tables.context(game);
    const channelId = this.channelOf(game);
    const messages = this.tables.adapterOf(game).messages;
    if (!open.waiting.window) {
      const id = await this.send(channelId, messages.decisionPing(open, ctx));
      await this.tables.store.locations.setMessage(game.id, DECISION, {
        messageId: id,
        channelId,
        version: game.version,
      });
      return;
    }
    const dms: { channelId: string; messageId: string }[] = [];
    this.reactionDms.set(game.id, dms);
    for (const seat of open.waiting.seats) {
      const user = ctx.users[seat];
      if (!user) continue;
      // Only a seat that can do more than pass is told, privately: its own view says so.
      const view = this.tables.view(game, seat);
      if (view.autoPass !== null || view.actions.length === 0) continue;
      const payload = messages.hand(view, ctx, {
        banner: t(ctx.language, 'table.react-now', { id: String(game.id), where: `<#${channelId}>` }),
      });
      let error: unknown = null;
      try {
        const dm = await this.client.users.createDM(user);
        const message = await dm.send(messageOptions(payload));
        dms.push({ channelId: dm.id, messageId: message.id });
      } catch (e) {
        // The public Respond button still works; naming the holder publicly instead would leak the card
        // (so closed DMs are told in their next hand, not in the thread).
        this.log.warn({ err: e, gameId: game.id, seat }, 'could not send a reaction DM');
        error = e;
      }
      await this.dmSent(user, error);
    }
  }

  private async closeReactionDms(game: GameRecord): Promise<void> {
    const dms = this.reactionDms.get(game.id);
    this.reactionDms.delete(game.id);
    const language = this.tables.context(game).language;
    for (const dm of dms ?? [])
      await this.strip({ ...dm, version: null }, t(language, 'table.react-passed', { id: String(game.id) }));
  }
}
