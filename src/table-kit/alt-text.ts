/** Discord's limit on a picture's description (an attachment's, a gallery item's). */
export const MAX_ALT = 1024;

/**
 * A picture's description cut to fit its alt text: as many whole lines as fit there, and the rest, which
 * the message says in a text display under the picture so that a screen reader still reads all of it (a
 * six-seat board in Spanish runs past 1024 characters, and what was cut was the last seats). A first line
 * too long on its own is cut at a word and goes on in the rest.
 */
export function splitAlt(description: string, max = MAX_ALT): { alt: string; rest: string } {
  if (description.length <= max) return { alt: description, rest: '' };
  const lineEnd = description.lastIndexOf('\n', max);
  if (lineEnd > 0) return { alt: description.slice(0, lineEnd), rest: description.slice(lineEnd + 1) };
  const space = description.lastIndexOf(' ', max - 1);
  const cut = space > 0 ? space : max - 1;
  return { alt: `${description.slice(0, cut)}…`, rest: `…${description.slice(cut).trimStart()}` };
}
