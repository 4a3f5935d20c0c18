/**
 * Posting a message exactly once, for the podiums (season-ends.ts, tournaments/tournament-podium.ts): the
 * send carries a nonce Discord enforces (the same send twice in a few minutes posts once), and a holder that
 * may have sent already looks for the post among the channel's latest hundred by its picture's file name.
 */
import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Payload } from '../table-kit/payload.ts';
import type { ChannelPacer } from './channel-pacer.ts';
import { messageOptions } from './send.ts';

/** Not a channel messages can be sent to (a category, a voice channel). */
export class ClosedChannelError extends Error {}

/** Posts `message` in `channelId` with `nonce`, paced; its id. */
export async function sendOnce(
  client: Client,
  pacer: ChannelPacer,
  channelId: string,
  message: Payload,
  nonce: string,
): Promise<string> {
  const channel = await client.channels.fetch(channelId);
  if (!channel?.isSendable()) throw new ClosedChannelError(`cannot send messages to channel ${channelId}`);
  return pacer.counted(
    channelId,
    'send',
    async () => (await channel.send({ ...messageOptions(message), nonce, enforceNonce: true })).id,
  );
}

/** The bot's message among `channelId`'s latest hundred with the picture `file`: posted already. */
export async function postedWithPicture(
  client: Client,
  log: Logger,
  channelId: string,
  file: string,
): Promise<string | null> {
  try {
    const channel = await client.channels.fetch(channelId);
    if (!channel?.isTextBased()) return null;
    const recent = await channel.messages.fetch({ limit: 100, cache: false });
    const me = client.user?.id;
    const found = recent.find((m) => m.author.id === me && m.attachments.some((a) => a.name === file));
    return found?.id ?? null;
  } catch (e) {
    // Without Read Message History the look fails: the send's nonce is then all that keeps it single,
    // and the send itself says whether the channel is gone.
    log.warn({ err: e, channel: channelId, file }, 'could not look for a podium already posted');
    return null;
  }
}
