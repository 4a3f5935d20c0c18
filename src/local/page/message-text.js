// @ts-check

/**
 * What a message says in words, whichever layout it has: a classic message's content, or the text
 * displays of a Components V2 message (flag IS_COMPONENTS_V2), which has no content. The hint line
 * (game-status.js) and the thread a command's answer links to (app.js) read it.
 *
 * @typedef {import('../page-types.ts').PageMessage} PageMessage
 */

/**
 * The text a message shows everyone: its content, or, for a Components V2 message (which has none),
 * its text displays in order, one line each, without the marks of a heading or a subtext (`## `,
 * `-# `), which change how a line looks and not what it says.
 *
 * @param {PageMessage} m @returns {string}
 */
export function shownText(m) {
  if (!m.componentsV2) return m.content;
  /** @type {string[]} */
  const out = [];
  walkComponents(m.components, (c) => {
    if (c.type === 10 && typeof c.content === 'string')
      for (const line of c.content.split('\n')) out.push(line.replace(/^(?:#{1,3}|-#) /, ''));
  });
  return out.join('\n');
}

/**
 * What the message's picture says: a Components V2 message's first gallery item's description (its
 * first thumbnail's, if it has no gallery), or the first attachment's (a classic message shows its
 * attachments, with theirs).
 *
 * @param {PageMessage} m @returns {string}
 */
export function pictureText(m) {
  if (m.componentsV2) {
    /** @type {string[]} */
    const gallery = [];
    /** @type {string[]} */
    const thumbnails = [];
    walkComponents(m.components, (c) => {
      if (c.type === 11 && typeof c.description === 'string') thumbnails.push(c.description);
      if (c.type === 12 && Array.isArray(c.items))
        for (const item of c.items) if (typeof item?.description === 'string') gallery.push(item.description);
    });
    const said = gallery[0] ?? thumbnails[0];
    if (said !== undefined) return said;
  }
  return m.attachments[0]?.description ?? '';
}

/**
 * Every component, depth first, as Discord nests them: rows, containers and sections, with their
 * accessories.
 *
 * @param {readonly unknown[]} components @param {(c: Record<string, any>) => void} visit
 */
export function walkComponents(components, visit) {
  /** @param {unknown} c */
  const walk = (c) => {
    if (typeof c !== 'object' || c === null) return;
    const o = /** @type {Record<string, any>} */ (c);
    visit(o);
    for (const key of ['components', 'component', 'accessory'])
      if (Array.isArray(o[key])) for (const child of o[key]) walk(child);
      else walk(o[key]);
  };
  for (const c of components) walk(c);
}
