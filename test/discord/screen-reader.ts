import { type APIMessageComponent, ComponentType } from 'discord-api-types/v10';
import { walkComponents } from '../../src/loopback/components.ts';
import type { LoopbackMessage } from '../../src/loopback/index.ts';
import { decodeCustomId } from '../../src/table-kit/custom-id.ts';

/** A control as a screen reader announces it: its label (or placeholder) and its options' labels. */
export interface SpokenControl {
  customId: string;
  verb: string;
  kind: 'button' | 'select';
  label: string;
  options: { label: string; value: string; description: string }[];
  max: number;
}

/**
 * What a screen reader gets from a message: its words (content and text displays), the alt text of its
 * pictures, and its controls' labels. A player who cannot see the pictures has nothing else.
 */
export interface Spoken {
  text: string;
  alts: string[];
  controls: SpokenControl[];
  /** Everything read aloud, in one string. */
  all: string;
}

export function spoken(m: LoopbackMessage): Spoken {
  const alts: string[] = [];
  const cs: SpokenControl[] = [];
  for (const c of walkComponents(m.components) as Iterable<APIMessageComponent>) {
    if (c.type === ComponentType.MediaGallery)
      for (const item of c.items) if (item.description) alts.push(item.description);
    if (c.type === ComponentType.Thumbnail && c.description) alts.push(c.description);
    if (c.type === ComponentType.Button && 'custom_id' in c) {
      const id = decodeCustomId(c.custom_id);
      if (id && !c.disabled)
        cs.push({
          customId: c.custom_id,
          verb: id.verb,
          kind: 'button',
          label: c.label ?? '',
          options: [],
          max: 1,
        });
    } else if (c.type === ComponentType.StringSelect) {
      const id = decodeCustomId(c.custom_id);
      if (id && !c.disabled)
        cs.push({
          customId: c.custom_id,
          verb: id.verb,
          kind: 'select',
          label: c.placeholder ?? '',
          options: c.options.map((o) => ({
            label: o.label,
            value: o.value,
            description: o.description ?? '',
          })),
          max: c.max_values ?? 1,
        });
    }
  }
  // Attachments' own descriptions (a message that shows its picture as a file) are alt text too.
  for (const a of m.attachments) if (a.description && !alts.includes(a.description)) alts.push(a.description);
  const labels = cs.flatMap((c) => [c.label, ...c.options.map((o) => `${o.label} ${o.description}`)]);
  return { text: m.text, alts, controls: cs, all: [m.text, ...alts, ...labels].join('\n') };
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
