import {
  type APIComponentInContainer,
  type APIMessageTopLevelComponent,
  type APISectionComponent,
  type APITextDisplayComponent,
  ComponentType,
  SeparatorSpacingSize,
} from 'discord-api-types/v10';
import { splitAlt } from './alt-text.ts';
import type { Payload, PayloadSection } from './payload.ts';

/** Discord's limits on one Components V2 message: every component counted, nested ones too. */
export const MAX_V2_COMPONENTS = 40;
/** …and the text of all its text displays together. */
export const MAX_V2_TEXT = 4000;

/**
 * Okabe and Ito's palette, told apart under the common colour blindnesses: the accent of the card
 * whose seat is to move (seat 1 first). Black is left out: it vanishes on Discord's dark theme.
 */
export const SEAT_ACCENTS = [0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442, 0x0072b2, 0xd55e00] as const;

export const seatAccent = (seat: number): number =>
  SEAT_ACCENTS[((seat % SEAT_ACCENTS.length) + SEAT_ACCENTS.length) % SEAT_ACCENTS.length] ?? SEAT_ACCENTS[0];

const PICTURE = /\.(png|jpe?g|gif|webp)$/i;

const text = (content: string): APITextDisplayComponent => ({ type: ComponentType.TextDisplay, content });

const section = (s: PayloadSection): APISectionComponent => ({
  type: ComponentType.Section,
  components: [text(s.text)],
  accessory: s.button,
});

/**
 * A payload as one Components V2 message: its text, its pictures in a gallery (each described by its
 * alt text), the details the pictures do not say, the sections pairing a card with its button, then
 * the controls. A payload with `card` is drawn inside one container with that accent colour.
 * Throws when the result breaks Discord's limits: that is the caller's bug, and tests look for it.
 */
export function v2Components(p: Payload): APIMessageTopLevelComponent[] {
  const inner: APIComponentInContainer[] = [];
  if (p.content) inner.push(text(p.content));
  const pictures = p.files.filter((f) => PICTURE.test(f.name));
  const described = pictures.map((f) => ({ f, ...splitAlt(f.description ?? '') }));
  if (pictures.length > 0)
    inner.push({
      type: ComponentType.MediaGallery,
      items: described.map(({ f, alt }) => ({
        media: { url: `attachment://${f.name}` },
        ...(alt ? { description: alt } : {}),
      })),
    });
  // What a description says beyond the alt text's limit, read right after the picture.
  const overflow = described.map((d) => d.rest).filter(Boolean);
  if (overflow.length > 0) inner.push(text(overflow.join('\n')));
  // Anything else (a game's record) is shown as a file to download, where a picture would be.
  for (const f of p.files)
    if (!PICTURE.test(f.name))
      inner.push({ type: ComponentType.File, file: { url: `attachment://${f.name}` } });
  if (p.details) inner.push(text(p.details));
  const sections = p.sections ?? [];
  if (sections.length > 0) {
    inner.push({ type: ComponentType.Separator, divider: true, spacing: SeparatorSpacingSize.Small });
    inner.push(...sections.map(section));
  }
  if (p.components.length > 0) {
    if (inner.length > 0)
      inner.push({ type: ComponentType.Separator, divider: false, spacing: SeparatorSpacingSize.Small });
    inner.push(...p.components);
  }
  const top: APIMessageTopLevelComponent[] = p.card
    ? [
        {
          type: ComponentType.Container,
          ...(p.card.accent === null ? {} : { accent_color: p.card.accent }),
          components: inner,
        },
      ]
    : inner;
  checkV2Limits(top);
  return top;
}

/** Counts what Discord counts; a message over a limit would be refused whole. */
export function checkV2Limits(top: readonly APIMessageTopLevelComponent[]): void {
  let count = 0;
  let chars = 0;
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: unknown; content?: unknown; components?: unknown; accessory?: unknown };
    if (typeof n.type !== 'number') return;
    count++;
    if (n.type === ComponentType.TextDisplay && typeof n.content === 'string') chars += n.content.length;
    if (Array.isArray(n.components)) for (const c of n.components) visit(c);
    if (n.accessory) visit(n.accessory);
  };
  for (const c of top) visit(c);
  if (count > MAX_V2_COMPONENTS)
    throw new Error(`a Components V2 message holds ${MAX_V2_COMPONENTS} components, not ${count}`);
  if (chars > MAX_V2_TEXT)
    throw new Error(`a Components V2 message holds ${MAX_V2_TEXT} characters of text, not ${chars}`);
}

type Node = Record<string, unknown> & { type?: unknown };

/**
 * A Components V2 message as it was sent, without its controls: rows go, a section keeps its text but
 * not its button, and (when given) `text` replaces the first text display. Pictures stay, named again as
 * `attachment://` the message's own files (`names`: attachment id → file name), so the edit keeps them.
 */
export function withoutControls(
  components: readonly unknown[],
  names: ReadonlyMap<string, string>,
  text?: string,
): APIMessageTopLevelComponent[] {
  let replaced = text === undefined;
  const media = (value: unknown) => {
    const m = value as { url?: unknown; attachment_id?: unknown } | undefined;
    const name = typeof m?.attachment_id === 'string' ? names.get(m.attachment_id) : undefined;
    return { url: name ? `attachment://${name}` : m?.url };
  };
  const clean = (list: readonly unknown[]): Node[] => {
    const out: Node[] = [];
    for (const item of list) {
      if (typeof item !== 'object' || item === null) continue;
      const node = item as Node;
      switch (node.type) {
        case ComponentType.ActionRow:
          break;
        case ComponentType.Section: {
          const accessory = node.accessory as Node | undefined;
          const inner = clean(Array.isArray(node.components) ? node.components : []);
          if (accessory?.type === ComponentType.Thumbnail)
            out.push({
              ...node,
              components: inner,
              accessory: { ...accessory, media: media(accessory.media) },
            });
          else out.push(...inner);
          break;
        }
        case ComponentType.Container: {
          const inner = clean(Array.isArray(node.components) ? node.components : []);
          // A divider left last, with nothing after it, marks the place of controls that are gone.
          while (inner.at(-1)?.type === ComponentType.Separator) inner.pop();
          if (inner.length > 0) out.push({ ...node, components: inner });
          break;
        }
        case ComponentType.TextDisplay:
          if (!replaced && text !== undefined) {
            out.push({ ...node, content: text });
            replaced = true;
          } else out.push(node);
          break;
        case ComponentType.MediaGallery:
          out.push({
            ...node,
            items: (Array.isArray(node.items) ? node.items : []).map((i: Node) => ({
              ...i,
              media: media(i.media),
            })),
          });
          break;
        case ComponentType.Thumbnail:
          out.push({ ...node, media: media(node.media) });
          break;
        case ComponentType.File:
          out.push({ ...node, file: media(node.file) });
          break;
        default:
          out.push(node);
      }
    }
    while (out.at(-1)?.type === ComponentType.Separator) out.pop();
    return out;
  };
  const result = clean(components);
  if (!replaced && text !== undefined) result.unshift(text ? textNode(text) : textNode('…'));
  return result as unknown as APIMessageTopLevelComponent[];
}

const textNode = (content: string): Node => ({ type: ComponentType.TextDisplay, content });
