import { z } from 'zod';
import afterlifeBox from '../../../assets/cards/valley-afterlife.json' with { type: 'json' };
import baseBox from '../../../assets/cards/valley-base.json' with { type: 'json' };

/**
 * The card catalog is data: a server owner holding the physical cards can correct any number in
 * assets/cards without touching code. Each number carries where it comes from, so provisional ones
 * can be shown as such.
 */
const provenance = z.discriminatedUnion('source', [
  z.object({ value: z.number().int().min(0), source: z.literal('seed'), where: z.string().min(1) }),
  z.object({ value: z.number().int().min(0), source: z.literal('review'), where: z.string().min(1) }),
  z.object({ value: z.number().int().min(0), source: z.literal('provisional') }),
]);
export type Numbered = z.infer<typeof provenance>;

/**
 * A card's or set's name (and action) in another language, beside the English so that one edit
 * corrects it; read by the adapters (card-names.ts in each), never by the rules.
 */
const spanish = z.object({
  name: z.string().min(1).max(80),
  action: z.string().min(1).optional(),
  setNote: z.string().min(1).optional(),
});

const cardSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case'),
  name: z.string().min(1),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  kind: z.enum(['starter', 'unique', 'set']),
  set: z.string().nullable(),
  copies: z.number().int().min(1),
  perPlayer: z.number().int().min(1).optional(),
  gold: provenance,
  cost: provenance,
  vp: provenance.nullable(),
  action: z.string().min(1),
  reaction: z.boolean().optional(),
  /** Where the card's set comes from when the seed does not say (shown by `/card`). */
  setNote: z.string().min(1).optional(),
  /** The box the card comes from; set when boxes are merged (see `mergeCatalogs`). */
  box: z.string().optional(),
  es: spanish.optional(),
});

const catalogSchema = z.object({
  box: z.string(),
  title: z.string(),
  titleEs: z.string().optional(),
  note: z.string().optional(),
  sets: z.array(
    z.object({ id: z.string(), name: z.string(), size: z.number().int().min(1), es: spanish.optional() }),
  ),
  cards: z.array(cardSchema),
});

export type CatalogCard = z.infer<typeof cardSchema>;
export type Catalog = z.infer<typeof catalogSchema>;

/** Validates a catalog document; the error names the card and the field at fault. */
export function parseCatalog(raw: unknown): Catalog {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path ?? [];
    let where = path.join('.');
    if (path[0] === 'cards' && typeof path[1] === 'number' && raw && typeof raw === 'object') {
      const cards = (raw as { cards?: { id?: unknown }[] }).cards;
      const id = cards?.[path[1]]?.id;
      where = `card '${typeof id === 'string' ? id : `#${path[1]}`}', field '${path.slice(2).join('.') || '(card)'}'`;
    }
    throw new Error(`invalid card catalog: ${where}: ${issue?.message ?? 'unknown problem'}`);
  }
  const catalog = parsed.data;
  const setIds = new Set(catalog.sets.map((s) => s.id));
  const seen = new Set<string>();
  for (const card of catalog.cards) {
    const at = `invalid card catalog: card '${card.id}'`;
    if (seen.has(card.id)) throw new Error(`${at}: duplicate id`);
    seen.add(card.id);
    if (card.kind === 'set' && (card.set === null || !setIds.has(card.set)))
      throw new Error(`${at}, field 'set': a set card needs one of ${[...setIds].join(', ')}`);
    if (card.kind !== 'set' && card.set !== null)
      throw new Error(`${at}, field 'set': only set cards have a set`);
    if (card.kind === 'set' && card.vp !== null)
      throw new Error(`${at}, field 'vp': set cards score by set size`);
    if (card.kind !== 'set' && card.vp === null)
      throw new Error(`${at}, field 'vp': starters and uniques print VP`);
    if (card.kind === 'starter' && card.perPlayer === undefined)
      throw new Error(`${at}, field 'perPlayer': starters are dealt per player`);
  }
  for (const set of catalog.sets) {
    const members = catalog.cards.filter((c) => c.set === set.id).length;
    if (members !== set.size)
      throw new Error(`invalid card catalog: set '${set.id}' declares ${set.size} cards but has ${members}`);
  }
  return catalog;
}

export const baseCatalog: Catalog = parseCatalog(baseBox);
export const afterlifeCatalog: Catalog = parseCatalog(afterlifeBox);

/**
 * Several boxes as one catalog: each card keeps its box, the first box's cards come first (so a game of
 * the first box alone deals exactly as before). Starters printed in several boxes are listed once.
 */
export function mergeCatalogs(box: string, title: string, boxes: readonly Catalog[]): Catalog {
  const cards: CatalogCard[] = [];
  const sets: Catalog['sets'] = [];
  for (const b of boxes) {
    for (const set of b.sets) {
      if (sets.some((s) => s.id === set.id))
        throw new Error(`invalid card catalog: set '${set.id}' is in two boxes`);
      sets.push(set);
    }
    for (const card of b.cards) {
      if (cards.some((c) => c.id === card.id))
        throw new Error(`invalid card catalog: card '${card.id}' is in two boxes`);
      cards.push({ ...card, box: card.box ?? b.box });
    }
  }
  return { box, title, sets, cards };
}

/** Every card Scarab knows, from every box: what `/card`, the pictures and the lobby's pools draw from. */
export const fullCatalog: Catalog = mergeCatalogs('valley', 'Valley of the Kings', [
  baseCatalog,
  afterlifeCatalog,
]);

export function findCard(catalog: Catalog, id: string): CatalogCard | undefined {
  return catalog.cards.find((c) => c.id === id);
}
