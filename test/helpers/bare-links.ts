/**
 * The links to Discord messages a text writes bare, not as the target of a masked link `[words](url)`:
 * where the bot means a chip or words, a bare one is what Discord's clients (and the local table) show
 * as the raw address or a chip naming only the channel.
 */
export const bareLinks = (text: string): string[] =>
  text.match(/(?<!\]\()https:\/\/discord\.com\/channels\/[^\s)]+/g) ?? [];
