import { z } from 'zod';
import box from '../../../assets/cards/archaeology.json' with { type: 'json' };

/**
 * The treasures' numbers are data (assets/cards/archaeology.json): a server owner with the printed
 * cards corrects a number there. Each carries where it comes from, so `/card` can mark provisional ones.
 */
const provenance = z.discriminatedUnion('source', [
  z.object({ value: z.number().int().min(0), source: z.literal('seed'), where: z.string().min(1) }),
  z.object({ value: z.number().int().min(0), source: z.literal('review'), where: z.string().min(1) }),
  z.object({ value: z.number().int().min(0), source: z.literal('provisional') }),
]);
export type Numbered = z.infer<typeof provenance>;

export const TREASURES = ['parchment', 'pot-shard', 'coin', 'broken-cup', 'talisman', 'mask', 'map'] as const;
export type Treasure = (typeof TREASURES)[number];
export const CHAMBERS = ['small', 'medium', 'large'] as const;
export type Chamber = (typeof CHAMBERS)[number];

const treasureSchema = z.object({
  id: z.enum(TREASURES),
  name: z.string().min(1),
  plural: z.string().min(1),
  copies: provenance,
  trade: provenance,
  /** Pot shards, parchment and broken cups "must be fully assembled to make a good profit". */
  assemble: z.boolean().optional(),
  /** prices[n - 1]: what a set of n pays; the length is the largest set the museum takes. */
  prices: z.array(provenance).min(1),
  /** Its names in Spanish, beside the English; read by the adapter, never by the rules. */
  es: z.object({ name: z.string().min(1), plural: z.string().min(1) }).optional(),
});

const catalogSchema = z
  .object({
    game: z.literal('archaeology'),
    title: z.string(),
    titleEs: z.string().optional(),
    note: z.string().optional(),
    treasures: z.array(treasureSchema),
    others: z.object({
      thieves: provenance,
      sandstorms: provenance,
      chambers: z.array(
        z.object({
          id: z.enum(CHAMBERS),
          name: z.string(),
          es: z.object({ name: z.string().min(1) }).optional(),
          maps: z.number().int().min(1),
          size: z.number().int().min(1),
        }),
      ),
      hand: z.number().int().min(1),
      market: z.number().int().min(0),
      sandstormsReturned: z.record(z.string(), z.number().int().min(0)),
    }),
  })
  .superRefine((c, ctx) => {
    const ids = c.treasures.map((t) => t.id);
    for (const t of TREASURES)
      if (ids.filter((id) => id === t).length !== 1)
        ctx.addIssue({ code: 'custom', message: `treasure '${t}' must appear exactly once` });
    for (const t of c.treasures) {
      const values = t.prices.map((p) => p.value);
      // A bigger set never pays less than a smaller one of the same treasure.
      for (let i = 1; i < values.length; i++)
        if ((values[i] as number) < (values[i - 1] as number))
          ctx.addIssue({
            code: 'custom',
            message: `${t.id}: a set of ${i + 1} pays less than a set of ${i}`,
          });
    }
    if (c.others.chambers.map((ch) => ch.id).join() !== CHAMBERS.join())
      ctx.addIssue({ code: 'custom', message: 'chambers must be small, medium, large in that order' });
  });

export type TreasureDef = z.infer<typeof treasureSchema>;
export type ArchaeologyCatalog = z.infer<typeof catalogSchema>;

export function parseArchaeologyCatalog(raw: unknown): ArchaeologyCatalog {
  const parsed = catalogSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `invalid Archaeology catalog: ${issue?.path.join('.') || '(catalog)'}: ${issue?.message ?? 'unknown problem'}`,
    );
  }
  // Listed in the fixed order of TREASURES, whatever the file's order: pictures and menus rely on it.
  const byId = new Map(parsed.data.treasures.map((t) => [t.id, t]));
  return { ...parsed.data, treasures: TREASURES.map((id) => byId.get(id) as TreasureDef) };
}

export const archaeologyCatalog: ArchaeologyCatalog = parseArchaeologyCatalog(box);

export function treasureDef(id: Treasure, catalog: ArchaeologyCatalog = archaeologyCatalog): TreasureDef {
  return catalog.treasures[TREASURES.indexOf(id)] as TreasureDef;
}

export function isTreasure(x: unknown): x is Treasure {
  return typeof x === 'string' && (TREASURES as readonly string[]).includes(x);
}
