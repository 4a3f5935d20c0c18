import {
  Client,
  Events,
  GatewayDispatchEvents,
  GatewayIntentBits,
  Options,
  type RESTOptions,
} from 'discord.js';
import type { Logger } from 'pino';
import type { AdapterSet } from '../adapters/adapter-set.ts';
import { ThinkingPool, type ThinkingPoolOptions } from '../adapters/thinking-pool.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { Analysis } from '../games/kernel/analysis.ts';
import { attachOps } from '../ops/attach-ops.ts';
import type { BudgetOptions, InvalidRequestBudget } from '../ops/invalid-requests.ts';
import { ProcessOps } from '../ops/process-ops.ts';
import { timedStore } from '../ops/timed-store.ts';
import type { GameStore } from '../store/game-store.ts';
import { asStore } from '../store/sqlite-store.ts';
import type { Store } from '../store/store.ts';
import { ACK_DEADLINE_MS } from './ack-deadline.ts';
import { Autopilot, type AutopilotTiming } from './autopilot.ts';
import { recoverBoard } from './board-recovery.ts';
import { BoardRetries } from './board-retries.ts';
import { ChannelPacer, scaledChannelLimits } from './channel-pacer.ts';
import { slashCommands } from './command-map.ts';
import { ComputerPlayers } from './computer-players.ts';
import { tellForgottenSeats } from './forgotten-seats.ts';
import { GameLocks } from './game-lock.ts';
import { GuildDepartures } from './guild-departures.ts';
import { answerWhileStopping } from './handlers/while-stopping.ts';
import { Hints } from './hints.ts';
import { InFlight } from './in-flight.ts';
import { KEY_MOMENTS_JOB_MS, type KeyMomentsBudget, KeyMomentsRunner } from './key-moments.ts';
import { Lessons } from './lessons.ts';
import { type GoneChannel, onChannelGone } from './lost-channels.ts';
import { canvasRatingPictures, type RatingPictures } from './messages/rating-pictures.ts';
import { PrivateHands } from './private-hands.ts';
import { Publisher } from './publisher.ts';
import { Replays } from './replays.ts';
import { route } from './router.ts';
import type { Runtime } from './runtime.ts';
import { Scheduler } from './scheduler.ts';
import { SeasonEnds } from './season-ends.ts';
import { ALL_SHARDS, ownsGuild, type ShardSet } from './shards.ts';
import type { SlashCommand } from './slash-command.ts';
import { TableService } from './table-service.ts';
import { Tables } from './tables.ts';
import { thinkingNotes } from './thinking-note.ts';
import { TournamentCancel } from './tournaments/tournament-cancel.ts';
import { TournamentDeadlines } from './tournaments/tournament-deadlines.ts';
import { deskLanguages, TournamentDesk } from './tournaments/tournament-desk.ts';
import { TournamentDrops } from './tournaments/tournament-drops.ts';
import { TournamentPodiums } from './tournaments/tournament-podium.ts';
import { TournamentResults } from './tournaments/tournament-results.ts';
import { clientNames } from './tournaments/tournament-standings-picture.ts';
import { TournamentTables } from './tournaments/tournament-tables.ts';
import { TurnTimers } from './turn-timers.ts';

export interface BotOptions {
  token: string;
  /** REST base of a Discord-compatible server (the loopback server); undefined for Discord itself. */
  apiUrl?: string;
  /** The games: any `Store`, or a SQLite `GameStore` (what tests and the local table hold). */
  store: Store | GameStore;
  /**
   * The games hosted and their slash commands, chosen by whoever starts the bot (`src/main.ts`: the
   * installed ones; a test: its own): the table layer never picks them itself.
   */
  hosted: HostedGames;
  /** Leaderboard and rating chart pictures; the canvas renderer unless given. */
  ratingPictures?: RatingPictures;
  timing: AutopilotTiming;
  log: Logger;
  /** Register the slash commands at startup (local mode, tests): in this guild, or globally. */
  registerCommands?: { guildId?: string } | false;
  /** The time reminders and turn limits are measured in; the system's unless given (tests pass a ManualClock). */
  clock?: Clock;
  /** REST tuning for tests and benchmarks (timeouts, retries, the client-side global limit). */
  rest?: Partial<RESTOptions>;
  /**
   * The gateway shards this process runs (several machines against one database). Unset: one shard, or
   * what discord.js's ShardingManager gave this child process in its environment.
   */
  shards?: ShardSet;
  /**
   * Discord's per-channel limits, windows this many times shorter in the bot's pacer: tests only, with
   * the loopback's `limitScale` the same. Default 1, Discord's speed.
   */
  limitScale?: number;
  /**
   * Nice steps the thinking threads run below the bot's thread (`THINKING_NICE`, passed by main.ts and the
   * local table; default 0 here, for the tests, whose own workers fill the machine).
   */
  thinkingNice?: number;
  /**
   * The thinking pool's limit, threads and script (tests: a limit a busy machine cannot reach, or a thread
   * script of their own); the pool's defaults unless given.
   */
  thinking?: Pick<ThinkingPoolOptions, 'timeoutMs' | 'size' | 'script'>;
  /** How long a click may go unacknowledged before the bot defers it itself (default ACK_DEADLINE_MS). */
  ackDeadlineMs?: number;
  /** What finished games' key moments spend (tests: far less); KEY_MOMENTS_BUDGET unless given. */
  keyMoments?: Partial<KeyMomentsBudget>;
  /**
   * The process's readiness and metrics, made before the bot so the operator port answers while it starts
   * (src/main.ts); a fresh one unless given (src/ops/README.md).
   */
  ops?: ProcessOps;
  /** Discord's invalid-request budget (tests: a smaller one); Discord's own unless given. */
  invalidBudget?: Partial<BudgetOptions>;
}

/** What a bot hosts: the games, each with its adapter, and the slash commands for them. */
export interface HostedGames {
  readonly adapters: AdapterSet;
  /** One lobby command per game, then the shared ones (`commands/index.ts`). */
  readonly commands: readonly SlashCommand[];
}

export interface Bot {
  client: Client;
  runtime: Runtime;
  /**
   * Stops now: what is armed is dropped (the next start arms it again from the store), a thought under way
   * is refused and its move not made; only tasks holding a game's lock are awaited. Tests and the local
   * table use it; `shutdown` is the orderly stop.
   */
  /** Its readiness and metrics (src/ops). */
  ops: ProcessOps;
  /** Discord's invalid-request budget as the bot counts it. */
  budget: InvalidRequestBudget;
  stop(): Promise<void>;
  /**
   * The orderly stop (SIGTERM, `src/graceful-stop.ts`): from now on an interaction is answered "restarting,
   * try again in a moment" and starts nothing; the interactions, computer moves and due rows already under
   * way are finished; a thought gets `thinkingMs` to end, then the thinking pool closes and its default
   * player moves instead; then the gateway closes. The caller closes the store after it.
   */
  shutdown(options?: { thinkingMs?: number }): Promise<void>;
  /** What is under way now, by kind (the log line of a stop cut short). */
  running(): BotActivity;
}

/** Work under way in a bot, counted. */
export interface BotActivity {
  readonly [kind: string]: number;
  /** Interactions being answered, and gateway events being dealt with. */
  readonly interactions: number;
  /** Computer moves and automatic passes armed or being made. */
  readonly computerMoves: number;
  /** Moves being thought on the thinking pool, or waiting for a thread. */
  readonly thoughts: number;
  /** Games with a task holding or awaiting their lock. */
  readonly gamesBusy: number;
  /** 1 while the scheduler runs due rows. */
  readonly schedulerRuns: number;
}

/** How long a Hard computer's thought may go on once an orderly stop begins, unless the caller says. */
export const STOP_THINKING_MS = 10_000;

/** What THREAD_DELETE and CHANNEL_DELETE carry that matters here. */
interface DeletedChannel {
  readonly id: string;
  readonly parent_id?: string | null;
}

/** Logs in, registers commands if asked, re-arms computer players of running games, and routes interactions. */
/**
 * discord.js keeps up to 200 messages per channel by default (about 4 KB each), and every member and user
 * it hears of: a bot in a thousand game threads would hold tens of MB it never reads. The bot edits and
 * deletes messages by id and fetches what it reads, so it caches no messages, reactions, emoji, stickers,
 * presences or voice states, and a bounded number of users and members (itself always kept).
 */
const BOUNDED_CACHES = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  MessageManager: 0,
  ReactionManager: 0,
  GuildEmojiManager: 0,
  GuildStickerManager: 0,
  PresenceManager: 0,
  VoiceStateManager: 0,
  ThreadMemberManager: 0,
  UserManager: { maxSize: 1_000, keepOverLimit: (user) => user.id === user.client.user.id },
  GuildMemberManager: { maxSize: 200, keepOverLimit: (member) => member.id === member.client.user.id },
});

/**
 * discord.js keeps a request queue per interaction token (the token is the route's major parameter of
 * every `editReply` and follow-up), and drops idle queues only hourly by default: a bot answering tens of
 * clicks a second would hold an hour of them (the load benchmark's memory). Idle queues go each minute.
 */
const REST_HANDLER_SWEEP_MS = 60_000;

export async function startBot(o: BotOptions): Promise<Bot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    makeCache: BOUNDED_CACHES,
    ...(o.shards ? { shards: [...o.shards.ids], shardCount: o.shards.count } : {}),
    rest: { handlerSweepInterval: REST_HANDLER_SWEEP_MS, ...(o.apiUrl ? { api: o.apiUrl } : {}), ...o.rest },
  });
  const ops = o.ops ?? new ProcessOps();
  const given = asStore(o.store);
  ops.readiness.storeOpened(given);
  // Every store call timed by kind, every committed move counted (src/ops/timed-store.ts).
  const store = timedStore(given, ops.metrics);
  const tables = new Tables(store, o.hosted.adapters);
  const locks = new GameLocks();
  const hands = new PrivateHands();
  const publisher = new Publisher(
    client,
    tables,
    hands,
    new ChannelPacer(scaledChannelLimits(o.limitScale)),
    locks,
    o.log,
  );
  const table = new TableService(tables, publisher, locks);
  const clock = o.clock ?? systemClock;
  const scheduler = new Scheduler(store, clock, o.log);
  const pool = new ThinkingPool({
    ...o.thinking,
    lowerBy: o.thinkingNice ?? 0,
    warn: (text) => o.log.warn(text),
  });
  const computers = new ComputerPlayers(tables, pool, o.log, clock);
  const hints = new Hints(tables, pool, o.log);
  const keyMoments = new KeyMomentsRunner(store, scheduler, clock, o.log, {
    analyse: async (game, state, seat, request) =>
      (await pool.analyseLater(game, state, seat, request, KEY_MOMENTS_JOB_MS))
        .action as Analysis<unknown> | null,
    ...(o.keyMoments ? { budget: o.keyMoments } : {}),
  });
  const timers = new TurnTimers(tables, table, publisher, scheduler, clock, o.log, computers);
  publisher.deadlineOf = (game) => timers.deadline(game);
  publisher.notesOf = async (game) => [...thinkingNotes(tables, game), ...(await timers.awayNotes(game))];
  const boards = new BoardRetries(tables, publisher, locks, scheduler, clock, o.log);
  timers.holdForBoard = (row) => boards.holdForBoard(row);
  publisher.dmSent = (user, error) => timers.dms.record(user, error);
  const seasons = new SeasonEnds(
    tables,
    publisher,
    scheduler,
    client,
    clock,
    o.log,
    o.ratingPictures ?? canvasRatingPictures,
  );
  publisher.finished = async (game) => {
    if (game.guildId && game.rated) await seasons.planFor(game.guildId);
  };
  const autopilot = new Autopilot(tables, table, publisher, o.timing, o.log, Math.random, timers, computers);
  const lessons = new Lessons(tables, publisher, o.log);
  table.attach(autopilot, timers, lessons);
  const commands = slashCommands(o.hosted.commands);
  const tournaments = new TournamentDesk({
    store,
    publisher,
    clock,
    log: o.log,
    ...deskLanguages((guildId) => client.guilds.cache.get(guildId)?.preferredLocale),
    optionsOf: (game, options, language) =>
      o.hosted.adapters.find(game)?.lobbySettings?.summary?.(options, language) ?? null,
    planned: (rows) => scheduler.planned(rows),
    namesOf: clientNames(client),
  });
  new TournamentTables(tables, table, publisher, client, clock, o.log, scheduler, (id) =>
    tournaments.redraw(id),
  );
  new TournamentPodiums(
    {
      store,
      publisher,
      client,
      clock,
      log: o.log,
      ...deskLanguages((guildId) => client.guilds.cache.get(guildId)?.preferredLocale),
      namesOf: clientNames(client),
      podium: (p) => (o.ratingPictures ?? canvasRatingPictures).podium(p),
    },
    scheduler,
  );
  // A finished table's game becomes its result (its row is planned by the game's last move).
  const results = new TournamentResults(store, tournaments, scheduler, clock, o.log);
  const drops = new TournamentDrops(tables, tournaments, scheduler, client, clock, o.log);
  timers.onTimedOut = (game, seat, inARow) => drops.timedOut(game, seat, inARow);
  new TournamentDeadlines(
    tables,
    table,
    scheduler,
    clock,
    o.log,
    (id) => tournaments.redraw(id),
    (id) => drops.leavers(id),
    (gameId) => results.report(gameId),
  );
  new TournamentCancel(tables, publisher, locks, o.log, scheduler);
  const runtime: Runtime = {
    client,
    shards: ALL_SHARDS,
    tables,
    table,
    commands,
    locks,
    publisher,
    hands,
    autopilot,
    computers,
    lessons,
    hints,
    replays: new Replays(tables),
    keyMoments,
    scheduler,
    seasons,
    tournaments,
    timers,
    clock,
    ackDeadlineMs: o.ackDeadlineMs ?? ACK_DEADLINE_MS,
    ratingPictures: o.ratingPictures ?? canvasRatingPictures,
    log: o.log,
  };
  const watched = attachOps({
    ops,
    client,
    store,
    pool,
    scheduler,
    autopilot,
    publisher,
    runtime,
    clock,
    log: o.log,
    budget: o.invalidBudget,
  });
  /** Interactions and gateway events under way: an orderly stop finishes them. */
  const work = new InFlight();
  /** "Restarting" answers: apart, so that a flood of clicks while stopping cannot keep `work` busy. */
  const notes = new InFlight();
  /** Set once a stop begins: from then on nothing new starts. */
  let stopping: Promise<void> | null = null;
  client.on(Events.InteractionCreate, (i) => {
    if (stopping)
      return notes.track(
        answerWhileStopping(i).catch((e: unknown) =>
          o.log.warn({ err: e, interaction: i.id }, 'could not tell a person the bot is restarting'),
        ),
      );
    const watch = watched.watch(i);
    work.track(computers.answering(() => route(runtime, i)).finally(() => watch.done()));
  });
  tellForgottenSeats(runtime);
  const departures = new GuildDepartures(store, scheduler, clock, o.log, (id) => client.guilds.cache.has(id));
  // discord.js emits guildDelete only for a removal (an outage is guildUnavailable), and guildCreate only
  // for a server joined once ready (the ones of READY are looked at by `atStart` below).
  client.on(Events.GuildDelete, (guild) => {
    void departures
      .left(guild.id)
      .catch((e) => o.log.error({ err: e, guildId: guild.id }, 'could not plan forgetting a server'));
  });
  client.on(Events.GuildCreate, (guild) => {
    void departures
      .joined(guild.id)
      .catch((e) => o.log.error({ err: e, guildId: guild.id }, 'could not note a server invited back'));
  });
  // From the gateway's own packets: discord.js emits threadDelete only for threads it has cached, and a
  // game's thread archived after a week of silence is not among them.
  const onGone = (gone: GoneChannel) =>
    work.track(
      onChannelGone(runtime, gone).catch((e) =>
        o.log.error({ err: e, channel: gone.id }, 'could not deal with a deleted channel'),
      ),
    );
  client.ws.on(GatewayDispatchEvents.ThreadDelete, (d: DeletedChannel) =>
    onGone({ id: d.id, parentId: d.parent_id ?? null }),
  );
  client.ws.on(GatewayDispatchEvents.ChannelDelete, (d: DeletedChannel) =>
    onGone({ id: d.id, parentId: null }),
  );
  client.on(Events.Error, (e) => o.log.error({ err: e }, 'discord client error'));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(o.token);
  await ready;
  if (o.registerCommands) {
    const registered = client.application?.commands;
    if (!registered) throw new Error('the client has no application after login');
    const guild = o.registerCommands.guildId;
    const definitions = [...runtime.commands.values()].map((c) => c.data);
    if (guild) await registered.set(definitions, guild);
    else await registered.set(definitions);
  }
  // Known only now: 'auto' became ids, and a ShardingManager's child read its own from the environment.
  const ids = client.options.shards;
  runtime.shards = { ids: Array.isArray(ids) ? ids : [0], count: client.options.shardCount ?? 1 };
  scheduler.useShards(runtime.shards);
  await recover(runtime);
  // Seasons of this process's servers whose end is not planned yet (a stop between a game and its plan).
  await seasons.planAll(client.guilds.cache.keys());
  // Servers that invited the bot back while it was down keep their settings and lobbies.
  await departures.atStart(client.guilds.cache.keys());
  // Tables whose game finished with no result stored and no row left to report it (tournament-results.ts).
  await results.sweep(client.guilds.cache.keys());
  // Overdue rows (reminders, time-outs due while the bot was down) fire now, once each.
  await scheduler.start();
  ops.readiness.started();
  o.log.info({ user: client.user?.tag }, 'bot ready');
  const stopNow = async () => {
    ops.readiness.stopping();
    watched.budget.stop();
    autopilot.stop();
    scheduler.stop();
    keyMoments.stop();
    publisher.stop();
    await computers.close();
    // Hints being thought were refused by the closed pool: their "try again" replies go out first.
    await hints.settled();
    await locks.idle();
    await client.destroy();
  };
  const shutdown = async (thinkingMs: number) => {
    ops.readiness.stopping();
    watched.budget.stop();
    scheduler.stop();
    // An analysis under way is dropped when the pool closes: its row falls due again after its lease.
    keyMoments.stop();
    // A thought still going when its time is up is refused: the computer's default player moves instead
    // (ComputerPlayers.move), and that move is finished like any other.
    const handOver = setTimeout(() => {
      const thoughts = computers.thinking;
      if (thoughts > 0) o.log.warn({ thoughts }, 'stopping: the thoughts under way go to Normal');
      void computers.close();
    }, thinkingMs);
    try {
      await Promise.all([autopilot.drain(), scheduler.idle(), work.idle(), hints.settled()]);
    } finally {
      clearTimeout(handOver);
    }
    // Then what they queued behind a game's lock. Board edits postponed for room in a channel are dropped:
    // the next start brings every board up to date (board-recovery.ts).
    await locks.idle();
    publisher.stop();
    await computers.close();
    await client.destroy();
    // Answers to clicks that came before the gateway closed (they need no gateway to go out).
    await notes.idle();
  };
  return {
    client,
    runtime,
    ops,
    budget: watched.budget,
    stop() {
      stopping ??= stopNow();
      return stopping;
    },
    shutdown(options = {}) {
      stopping ??= shutdown(options.thinkingMs ?? STOP_THINKING_MS);
      return stopping;
    },
    running: () => ({
      interactions: work.size + notes.size,
      computerMoves: autopilot.pending,
      thoughts: computers.thinking,
      gamesBusy: locks.busy,
      schedulerRuns: scheduler.busy ? 1 : 0,
    }),
  };
}

/**
 * After a restart: boards that missed a change are brought up to date (at most one per turn, and only
 * the newest keeps controls: board-recovery.ts), and computer players resume.
 */
async function recover(rt: Runtime): Promise<void> {
  const store = rt.tables.store;
  for (const summary of await store.listGames(['active'])) {
    // Another shard's game is that shard's to recover: doing it here too would double its moves.
    if (!ownsGuild(rt.shards, summary.guildId)) continue;
    const game = await store.getGame(summary.id);
    await rt.locks
      .run(game.id, () => recoverBoard(rt, game))
      .catch((e: unknown) =>
        rt.log.error({ err: e, gameId: game.id }, 'could not bring a board up to date after restart'),
      );
    await rt.table.rearm(game);
  }
}
