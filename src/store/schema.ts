/**
 * The one database schema. drizzle-kit generates the SQL migrations in ./migrations from this file
 * (`npx drizzle-kit generate`); never edit a generated migration, add a new one.
 *
 * Discord ids (snowflakes) are text: they do not fit a JS number. Ratings (`ratings`, `rating_changes`) key
 * on the same `user_id` text and are derived from finished games' seats and `outcome` (src/ratings).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

export const GAME_STATUSES = ['lobby', 'active', 'finished', 'cancelled'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/**
 * Who made a move (`actions.made_by`): the seat's holder (the person who clicked, or the seat's own computer
 * player), the computer standing in for a person whose time ran out or who is away, or the table passing
 * for a person whose only answer was to pass. Null on moves stored before it was recorded: not known.
 */
export const MOVERS = ['holder', 'stand-in', 'auto'] as const;
export type MadeBy = (typeof MOVERS)[number];

export const games = sqliteTable(
  'games',
  {
    // AUTOINCREMENT: an id is never reused, so an old button can never reach a newer game.
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull(),
    /** JSON. In the lobby: the raw options chosen so far; from start on: exactly what `setup` received. */
    options: text('options').notNull(),
    seed: text('seed').notNull(),
    /** JSON cache of setup + every action in `actions`; null until the game starts. */
    state: text('state'),
    /** Number of actions applied; equals the last `actions.seq`. */
    version: integer('version').notNull().default(0),
    /** JSON `Outcome` once the rules say the game is over. */
    outcome: text('outcome'),
    guildId: text('guild_id'),
    channelId: text('channel_id'),
    threadId: text('thread_id'),
    hostUserId: text('host_user_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /**
     * Whether the result changes ratings. In the lobby: the host's choice, null = automatic (see
     * src/ratings/eligibility.ts); from start on: what was decided. Null on games older than ratings.
     */
    rated: integer('rated', { mode: 'boolean' }),
    /** A seat changed hands after the start (a player replaced by a computer player): never rated. */
    handedOver: integer('handed_over', { mode: 'boolean' }).notNull().default(false),
    /**
     * How long a person may take over a turn or a decision before the computer plays it for them, in
     * minutes; null: no limit (and games from before turn limits). Chosen by the host in the lobby.
     */
    turnLimitMinutes: integer('turn_limit_minutes'),
    /**
     * The language of the game's public messages and pictures (a catalogue in assets/i18n, e.g. 'es'):
     * the server's when the lobby opened, or the host's choice. Null on games older than languages
     * (English).
     */
    language: text('language'),
    /**
     * The level of the computer that plays a timed-out or absent person's turns ('easy', 'normal', 'hard':
     * src/table-kit/computer-levels.ts), the host's choice; null: the default (Normal).
     */
    standIn: text('stand_in'),
    /**
     * Whether a person may ask for a hint (the Hard player's best moves) on a casual table: the host's
     * choice; null: allowed (the default). A rated game never offers hints, whatever this says.
     */
    hints: integer('hints', { mode: 'boolean' }),
  },
  (t) => [
    index('games_channel_idx').on(t.channelId, t.status),
    index('games_thread_idx').on(t.threadId),
    index('games_guild_idx').on(t.guildId, t.status),
    index('games_status_idx').on(t.status),
    check('games_status_check', sql`${t.status} in ('lobby', 'active', 'finished', 'cancelled')`),
    check('games_state_check', sql`${t.status} in ('lobby', 'cancelled') or ${t.state} is not null`),
    check('games_version_check', sql`${t.version} >= 0`),
  ],
);

export const seats = sqliteTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    seat: integer('seat').notNull(),
    /** A Discord user, or null for a computer player. */
    userId: text('user_id'),
    /** Which computer player sits here (e.g. 'random', 'heuristic'), or null for a person. */
    botKind: text('bot_kind'),
    displayName: text('display_name').notNull(),
    /** Turns in a row the computer played for this person because their time ran out. */
    timeoutsInARow: integer('timeouts_in_a_row').notNull().default(0),
    /** Hints this seat's person asked for (the results show it). */
    hintsUsed: integer('hints_used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    index('seats_user_idx').on(t.userId),
    // NULLs are distinct in a unique index: any number of computer players, each person once per game.
    uniqueIndex('seats_game_user_unique').on(t.gameId, t.userId),
    check('seats_who_check', sql`(${t.userId} is null) <> (${t.botKind} is null)`),
    check('seats_seat_check', sql`${t.seat} >= 0`),
  ],
);

/**
 * Every holder of the seats that changed hands during play, each from the version (moves made) they took
 * it at: written, with the game's earlier holders, in the transaction of its first handover. A game without
 * rows has had the holders in `seats` since its start; `from_version` is null where the start is not known
 * (a seat handed over before this table existed). See seat-history.ts.
 */
export const seatHolders = sqliteTable(
  'seat_holders',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    seat: integer('seat').notNull(),
    /** 0 for the seat's first holder known, then 1, 2... in the order they took it. */
    holder: integer('holder').notNull(),
    /** The game's version when they took the seat; null: not known. */
    fromVersion: integer('from_version'),
    userId: text('user_id'),
    botKind: text('bot_kind'),
    displayName: text('display_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat, t.holder] }),
    index('seat_holders_user_idx').on(t.userId),
    check('seat_holders_who_check', sql`(${t.userId} is null) <> (${t.botKind} is null)`),
  ],
);

/** The append-only truth: setup(options, seed) followed by these actions in `seq` order is the game. */
export const actions = sqliteTable(
  'actions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    /** 1-based; the game's version after this action. The primary key makes a doubled append impossible. */
    seq: integer('seq').notNull(),
    seat: integer('seat').notNull(),
    action: text('action').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** What the move said (log-codec.ts); null when it said nothing. Kept here, never in the state. */
    log: text('log'),
    /** Who made it (`MOVERS`); null: stored before this was recorded, not known. */
    madeBy: text('made_by', { enum: MOVERS }),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] }), check('actions_seq_check', sql`${t.seq} >= 1`)],
);

/**
 * Discord messages the bot keeps pointing at, one per game and kind ('lobby', 'board', ...): the Discord
 * layer names the kinds; the store only remembers the latest id of each.
 */
export const gameMessages = sqliteTable(
  'game_messages',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    kind: text('kind').notNull(),
    channelId: text('channel_id'),
    messageId: text('message_id').notNull(),
    /** The game version the message shows, when it shows one. */
    version: integer('version'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.kind] })],
);

/** Ratings in a scope (a Discord server's id, or 'global'), per game type; derived from `rating_changes`. */
export const ratings = sqliteTable(
  'ratings',
  {
    gameType: text('game_type').notNull(),
    /** A guild id, or 'global' (snowflakes are digits, so the two never collide). */
    scope: text('scope').notNull(),
    userId: text('user_id').notNull(),
    /** The name the player had in their latest rated game. */
    displayName: text('display_name').notNull(),
    /** OpenSkill (Weng-Lin) mean and uncertainty, as computed: the truth. */
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    /** The conservative value shown and ordered by (μ − 3σ); derived from mu and sigma. */
    display: real('display').notNull(),
    games: integer('games').notNull(),
    wins: integer('wins').notNull(),
    lastPlayedAt: integer('last_played_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameType, t.scope, t.userId] }),
    index('ratings_board_idx').on(t.gameType, t.scope, t.display),
  ],
);

/** One row per rated game, scope and person: the rating before and after. Rebuilt by a recompute. */
export const ratingChanges = sqliteTable(
  'rating_changes',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    scope: text('scope').notNull(),
    userId: text('user_id').notNull(),
    gameType: text('game_type').notNull(),
    seat: integer('seat').notNull(),
    /** The place in the game's outcome (among every seat, computer players included). */
    rank: integer('rank').notNull(),
    muBefore: real('mu_before').notNull(),
    sigmaBefore: real('sigma_before').notNull(),
    muAfter: real('mu_after').notNull(),
    sigmaAfter: real('sigma_after').notNull(),
    /** The game's `finished_at`: the order ratings are applied in. */
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.scope, t.userId] }),
    index('rating_changes_history_idx').on(t.gameType, t.scope, t.userId, t.finishedAt),
    index('rating_changes_order_idx').on(t.finishedAt, t.gameId),
  ],
);

/**
 * A server's seasons (src/ratings/seasons.ts): how long they last and in which time zone. A server without a
 * row has the defaults (monthly, UTC). A change applies from the next season: a season's bounds are fixed
 * when it opens (`seasons`).
 */
export const guildSettings = sqliteTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  /** 'off', 'monthly' or 'quarterly'. */
  seasonCadence: text('season_cadence').notNull(),
  /** An IANA zone name: seasons change at local midnight there. */
  seasonZone: text('season_zone').notNull(),
  /** Where a season's podium is posted; null: the channel where most of its games were played. */
  seasonChannelId: text('season_channel_id'),
  /** Who may run tournaments besides people with Manage Server; null: nobody else. */
  tournamentRoleId: text('tournament_role_id'),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The seasons opened in each scope (a server, or 'global'): a season opens with its first rated game, its
 * bounds fixed then, so a recompute puts every game in the season it was rated in. Ratings in a season are
 * kept under the scope `<scope>:<name>` (`ratings`, `rating_changes`).
 */
export const seasons = sqliteTable(
  'seasons',
  {
    scope: text('scope').notNull(),
    /** '2026-11' (a month) or '2026-Q4' (a quarter). */
    name: text('name').notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    zone: text('zone').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.name] }), index('seasons_time_idx').on(t.scope, t.startsAt)],
);

/**
 * Everything due later (reminders, time-outs, vacation ends, deferred nudges): one row each, so a
 * restart loses nothing and a timer in memory is never the truth. `key` makes planning idempotent
 * (planning the same thing twice keeps the first row); `done_at` is set in the transaction of the
 * change the row causes, so a row fires at most once.
 */
export const schedule = sqliteTable(
  'schedule',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    gameId: integer('game_id').references(() => games.id),
    kind: text('kind').notNull(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    /** JSON: what the row's kind needs (a seat, a turn, a user). */
    payload: text('payload').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    /** What became of it: 'fired', 'obsolete' (the game moved on first), 'cancelled', or a failure. */
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('schedule_key_unique').on(t.key),
    index('schedule_due_idx').on(t.doneAt, t.dueAt),
    index('schedule_game_idx').on(t.gameId, t.doneAt),
  ],
);

/** A person's own settings, shown to nobody else: time zone, quiet hours, turn DMs, vacation. */
export const playerSettings = sqliteTable('player_settings', {
  userId: text('user_id').primaryKey(),
  /** An IANA zone name (e.g. 'Europe/Madrid'); null: not set (quiet hours then do not apply). */
  timeZone: text('time_zone'),
  /** Quiet hours as minutes after local midnight; both null or both set, never equal. */
  quietStart: integer('quiet_start'),
  quietEnd: integer('quiet_end'),
  /** A direct message when it is their turn (off unless they ask). */
  turnDms: integer('turn_dms', { mode: 'boolean' }).notNull().default(false),
  /** Until then the computer plays their turns. */
  vacationUntil: integer('vacation_until', { mode: 'timestamp_ms' }),
  /** When a DM to them was refused (Discord's 50007: DMs closed to the bot); null once one gets through. */
  dmsClosedAt: integer('dms_closed_at', { mode: 'timestamp_ms' }),
  /** Whether they were told their DMs are closed (once, until a DM gets through again). */
  dmsClosedTold: integer('dms_closed_told', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Votes on a seat whose person timed out three turns in a row: replace them by a computer player for
 * good, or wait. One vote per voter; a new vote replaces their earlier one.
 */
export const seatVotes = sqliteTable(
  'seat_votes',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id),
    seat: integer('seat').notNull(),
    voterId: text('voter_id').notNull(),
    choice: text('choice', { enum: ['replace', 'wait'] }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat, t.voterId] }),
    check('seat_votes_choice_check', sql`${t.choice} in ('replace', 'wait')`),
  ],
);

/**
 * Changes to stored data that SQL cannot make, each done once per database (src/store/data-migrations.ts):
 * e.g. every game's state rewritten by replaying its actions when the rules' state changed shape.
 */
export const dataMigrations = sqliteTable('data_migrations', {
  name: text('name').primaryKey(),
  doneAt: integer('done_at', { mode: 'timestamp_ms' }).notNull(),
  /** What it did, for whoever reads the database: e.g. "rewrote 1204 games". */
  note: text('note').notNull(),
});

/**
 * Parts of game states that never change once a game is set up and are the same in many games (Valley's
 * card definitions), each kept once, named by a hash of its JSON (state-parts.ts); a state holds
 * `{"$part": hash}` in their place.
 */
export const stateParts = sqliteTable('state_parts', {
  hash: text('hash').primaryKey(),
  json: text('json').notNull(),
});

/**
 * A finished game's key moments (../discord/key-moments.ts): each person's moves that cost them most against
 * the Hard player's best move, as JSON. Written once, when the analysis after the game is done; the
 * schedule's `key-moments` row is the intent that gets it done after a restart.
 */
export const keyMoments = sqliteTable('key_moments', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id),
  moments: text('moments').notNull(),
  /** The people's decisions looked at (screened), for the message and the operator. */
  decisions: integer('decisions').notNull(),
  computedAt: integer('computed_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Tournaments (../tournaments/README.md, "The Discord layer"): the row holds the settings and the status,
 * the rows below it the entrants, the rounds, the tables and the results. Every write compares `version`
 * and adds one, so two processes acting on the same tournament cannot both write: the second is refused
 * and reads again. The keys make the rest exactly once: a round's pairing is one row per (tournament,
 * number), a table's game is set once (`game_id`, unique), a result is one row per table.
 */
export const tournaments = sqliteTable(
  'tournaments',
  {
    // AUTOINCREMENT: a button of a deleted tournament never reaches a newer one.
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    /** Where its message is posted and its tables' threads are made. */
    channelId: text('channel_id').notNull(),
    /** The tournament's message; null until posted. */
    messageId: text('message_id'),
    createdBy: text('created_by').notNull(),
    /** Draws every table's seat order (../tournaments/next-round.ts). */
    seed: text('seed').notNull(),
    /** JSON `TournamentSettings`. */
    settings: text('settings').notNull(),
    status: text('status').notNull(),
    checkInClosesAt: integer('check_in_closes_at', { mode: 'timestamp_ms' }),
    pausedAt: integer('paused_at', { mode: 'timestamp_ms' }),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Writes so far: each compares it and adds one. */
    version: integer('version').notNull().default(0),
  },
  (t) => [index('tournaments_guild_idx').on(t.guildId, t.status)],
);

export const tournamentEntrants = sqliteTable(
  'tournament_entrants',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    userId: text('user_id').notNull(),
    /** Registration order (1, 2…): a withdrawal leaves a gap, the order stays. */
    ordinal: integer('ordinal').notNull(),
    rating: real('rating').notNull(),
    registeredAt: integer('registered_at', { mode: 'timestamp_ms' }).notNull(),
    checkedIn: integer('checked_in', { mode: 'boolean' }).notNull().default(false),
    droppedAfterRound: integer('dropped_after_round'),
    dropReason: text('drop_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId] }),
    index('tournament_entrants_user_idx').on(t.userId),
  ],
);

/** A round's pairing: written once, with its tables, in the write that makes it. */
export const tournamentRounds = sqliteTable(
  'tournament_rounds',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    number: integer('number').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    /** Moved on by a resume (the time paused). */
    deadline: integer('deadline', { mode: 'timestamp_ms' }).notNull(),
    /** JSON user ids sitting the round out. */
    byes: text('byes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.number] })],
);

export const tournamentTables = sqliteTable(
  'tournament_tables',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    /** `<round>.<table>` (../tournaments/model.ts). */
    tableId: text('table_id').notNull(),
    round: integer('round').notNull(),
    /** The table's place in its round, from 1. */
    position: integer('position').notNull(),
    /** JSON user ids in seat order. */
    seats: text('seats').notNull(),
    groupNumber: integer('group_number').notNull(),
    /** The Scarab game made for the table: set once, and a game serves one table. */
    gameId: integer('game_id').references(() => games.id),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.tableId] }),
    uniqueIndex('tournament_tables_game_unique').on(t.gameId),
  ],
);

/** A table's result: one row per table, so a result counts once. */
export const tournamentResults = sqliteTable(
  'tournament_results',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    tableId: text('table_id').notNull(),
    /** JSON `Placement[]` in seat order. */
    places: text('places').notNull(),
    ending: text('ending').notNull(),
    reportedAt: integer('reported_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.tableId] })],
);
