import type { Client, Interaction } from 'discord.js';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Autopilot } from './autopilot.ts';
import type { ComputerPlayers } from './computer-players.ts';
import type { GameLocks } from './game-lock.ts';
import type { Hints } from './hints.ts';
import type { KeyMomentsRunner } from './key-moments.ts';
import type { Lessons } from './lessons.ts';
import type { RatingPictures } from './messages/rating-pictures.ts';
import type { PrivateHands } from './private-hands.ts';
import type { Publisher } from './publisher.ts';
import type { Replays } from './replays.ts';
import type { Scheduler } from './scheduler.ts';
import type { SeasonEnds } from './season-ends.ts';
import type { ShardSet } from './shards.ts';
import type { SlashCommand } from './slash-command.ts';
import type { TableService } from './table-service.ts';
import type { Tables } from './tables.ts';
import type { TournamentDesk } from './tournaments/tournament-desk.ts';
import type { TurnTimers } from './turn-timers.ts';

/** Everything a handler may use; built once in bot.ts. */
export interface Runtime {
  client: Client;
  /** The gateway shards this process runs; it owns their servers' games (shards.ts). */
  shards: ShardSet;
  /** Stored games as the table sees them: adapters, names, views. */
  tables: Tables;
  /** The one move path. */
  table: TableService;
  /** Slash commands by name. */
  commands: ReadonlyMap<string, SlashCommand>;
  locks: GameLocks;
  publisher: Publisher;
  /** The latest private hand of each seat, redrawn when the game moves on. */
  hands: PrivateHands;
  autopilot: Autopilot;
  /** Where computers' moves come from: the long thinkers on the thinking pool. */
  computers: ComputerPlayers;
  /** Lessons (`/learn`): their narrator and their refusals of moves a step does not ask for. */
  lessons: Lessons;
  /** The hand's Hint button: the Hard player's best moves, searched on the thinking pool (hints.ts). */
  hints: Hints;
  /** Finished games' replays, rebuilt from their logs and kept for the next clicks. */
  replays: Replays;
  /** Finished games' key moments, analysed in the background and stored (key-moments.ts). */
  keyMoments: KeyMomentsRunner;
  /** Runs what is due later (reminders, time-outs), from rows in the database. */
  scheduler: Scheduler;
  /** Seasons' ends: their podiums (season-ends.ts). */
  seasons: SeasonEnds;
  tournaments: TournamentDesk;
  /** Turn limits, reminders, nudges, who the computer plays for. */
  timers: TurnTimers;
  /** The bot's time (a ManualClock in tests). */
  clock: Clock;
  /** How long a click may go unacknowledged before the bot defers it itself (ack-deadline.ts). */
  ackDeadlineMs: number;
  ratingPictures: RatingPictures;
  log: Logger;
  /** Told when an interaction's handler failed (the operator's metrics, src/ops); unset in tests. */
  interactionFailed?: (i: Interaction) => void;
}
