/** A link to a message: `@me` stands for the guild of a DM. */
export const messageLink = (guildId: string | null, channelId: string, messageId: string) =>
  `https://discord.com/channels/${guildId ?? '@me'}/${channelId}/${messageId}`;

/**
 * A link with words of its own: Discord's clients show the words (and open a message link in place),
 * where a bare link shows a chip naming only the channel, or its 100-character address on a client that
 * cannot name it. Brackets would end the words early, so they are left out.
 */
export const maskedLink = (words: string, url: string) => `[${words.replace(/[[\]]/g, '')}](${url})`;
