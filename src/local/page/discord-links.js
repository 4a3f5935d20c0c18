// @ts-check
/**
 * Links to Discord's own channels and messages, as Discord writes them:
 * `https://discord.com/channels/<guild, or @me for a DM>/<channel>[/<message>]`. A Discord client opens
 * such a link in place (the channel, scrolled to the message) rather than in a browser tab; so does the
 * page, for the links of its own table. No DOM here: the tests read it in Node.
 *
 * @typedef {object} DiscordTarget
 * @property {string | null} guildId null for `@me` (a direct message)
 * @property {string} channelId
 * @property {string | null} messageId null for a link to the channel only
 */

/** discord.com and the hosts Discord's clients also open in place. */
const HOST = /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/;
const PATH = /^\/channels\/(@me|\d{17,20})\/(\d{17,20})(?:\/(\d{17,20}))?\/?$/;

/**
 * The channel and message a Discord link points to; null for any other address.
 * @param {string} href
 * @returns {DiscordTarget | null}
 */
export function discordTarget(href) {
  let url;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!HOST.test(url.hostname)) return null;
  const m = PATH.exec(url.pathname);
  if (!m) return null;
  return { guildId: m[1] === '@me' ? null : (m[1] ?? null), channelId: m[2] ?? '', messageId: m[3] ?? null };
}

/**
 * Whether `target` belongs to the table whose server is `guildId`: its server's channels and the
 * direct messages (the only other server a link could name is someone else's Discord).
 * @param {DiscordTarget} target @param {string | null} guildId
 */
export function ofThisTable(target, guildId) {
  return target.guildId === null || target.guildId === guildId;
}

/**
 * @typedef {{ kind: 'chip', channel: string, prefix: '#' | '@', message: boolean }
 *   | { kind: 'words' } | { kind: 'address' }} LinkFace
 */

/**
 * How a Discord client shows a link in a message. A masked link (`[words](url)`) shows its words. A bare
 * link to a channel or message the reader can see is drawn as a chip naming the channel ("#thread ›"
 * and a message mark), never the 100-character address; any other bare link shows its address.
 * @param {string} href
 * @param {boolean} masked whether the message gave the link words of its own
 * @param {string | null} guildId the table's server
 * @param {(channelId: string) => string | null} channelName null for a channel the reader cannot see
 * @returns {LinkFace}
 */
export function linkFace(href, masked, guildId, channelName) {
  if (masked) return { kind: 'words' };
  const target = discordTarget(href);
  if (!target || !ofThisTable(target, guildId)) return { kind: 'address' };
  const channel = channelName(target.channelId);
  if (channel === null) return { kind: 'address' };
  return {
    kind: 'chip',
    channel,
    prefix: target.guildId === null ? '@' : '#',
    message: target.messageId !== null,
  };
}
