/**
 * What the bot knows of a person's DMs. Discord answers 50007 "Cannot send messages to this user" when
 * their DMs are closed to the bot (privacy settings, a block). That is kept in their settings, so that
 * `/settings` says so and they are told once — in the game's thread when the DM was not secret, else in
 * the next hand they open — and forgotten when a DM gets through again.
 */
import { DiscordAPIError } from 'discord.js';
import type { Clock } from '../clock.ts';
import type { Store } from '../store/store.ts';

export const CANNOT_MESSAGE_USER = 50007;

export function isDmsClosed(e: unknown): boolean {
  return e instanceof DiscordAPIError && e.code === CANNOT_MESSAGE_USER;
}

export class DmStatus {
  constructor(
    private readonly players: Store['players'],
    private readonly clock: Clock,
  ) {}

  /**
   * After a DM to `userId`: delivered (`error` null) opens their DMs again; refused with 50007 closes them.
   * Any other failure (Discord down, no such user) says nothing about their DMs.
   */
  async record(userId: string, error: unknown): Promise<void> {
    const s = await this.players.get(userId);
    if (error === null) {
      if (s.dmsClosedAt !== null)
        await this.players.update(userId, { dmsClosedAt: null, dmsClosedTold: false });
    } else if (isDmsClosed(error) && s.dmsClosedAt === null)
      await this.players.update(userId, { dmsClosedAt: new Date(this.clock.now()), dmsClosedTold: false });
  }

  /** True once after their DMs were found closed: the caller tells them now (and they are marked told). */
  async takeNotice(userId: string): Promise<boolean> {
    const s = await this.players.get(userId);
    if (s.dmsClosedAt === null || s.dmsClosedTold) return false;
    await this.players.update(userId, { dmsClosedTold: true });
    return true;
  }
}
