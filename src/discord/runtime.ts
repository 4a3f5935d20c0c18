import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Catalog } from '../games/valley/catalog.ts';
import type { Autopilot } from './autopilot.ts';
import type { Desk } from './desk.ts';
import type { GameLocks } from './game-lock.ts';
import type { RatingPictures } from './messages/rating-pictures.ts';
import type { PrivateHands } from './private-hands.ts';
import type { Publisher } from './publisher.ts';

/** Everything a handler may use; built once in bot.ts. */
export interface Runtime {
  client: Client;
  desk: Desk;
  locks: GameLocks;
  publisher: Publisher;
  /** The latest private hand of each seat, redrawn when the game moves on. */
  hands: PrivateHands;
  autopilot: Autopilot;
  catalog: Catalog;
  ratingPictures: RatingPictures;
  log: Logger;
}
