/**
 * A name people chose, shown as typed: markdown characters are escaped so "**Bob**" or "<@123>" stays
 * text in a message body instead of formatting it or rendering a mention.
 */
export function plainName(name: string): string {
  return (
    name
      .replace(/[\\*_~`|<>[\]()]/g, (ch) => `\\${ch}`)
      .replace(/\s+/g, ' ')
      .trim() || '?'
  );
}
