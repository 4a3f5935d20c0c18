import { CHAMBERS, type Chamber, TREASURES, type Treasure } from '../../games/archaeology/catalog.ts';
import type { ArchaeologyAction, Counts } from '../../games/archaeology/state.ts';

/** One letter per treasure, for actions in custom_ids and menu values (Discord allows 100 characters). */
const LETTER: Record<Treasure, string> = {
  parchment: 'p',
  'pot-shard': 's',
  coin: 'c',
  'broken-cup': 'u',
  talisman: 't',
  mask: 'm',
  map: 'a',
};
const BY_LETTER = new Map(TREASURES.map((k) => [LETTER[k], k]));
const CHAMBER_LETTER: Record<Chamber, string> = { small: 's', medium: 'm', large: 'l' };

/** `c2t1`: two coins and a talisman, in catalog order; '' for none. */
export function encodeCounts(counts: Counts): string {
  return TREASURES.filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => `${LETTER[k]}${counts[k]}`)
    .join('');
}

export function decodeCounts(code: string): Counts | null {
  if (!/^([a-z]\d{1,2})*$/.test(code)) return null;
  const counts: Counts = {};
  for (const m of code.matchAll(/([a-z])(\d{1,2})/g)) {
    const kind = BY_LETTER.get(m[1] as string);
    const n = Number(m[2]);
    if (!kind || n === 0 || counts[kind] !== undefined) return null;
    counts[kind] = n;
  }
  return counts;
}

/**
 * t<give>/<take> trade · x<s|m|l> explore · s<letter><n> sell · e end · r<seat> rob · d<counts> discard.
 */
export function encodeArchaeologyAction(a: ArchaeologyAction): string {
  switch (a.type) {
    case 'trade':
      return `t${encodeCounts(a.give)}/${encodeCounts(a.take)}`;
    case 'explore':
      return `x${CHAMBER_LETTER[a.chamber]}`;
    case 'sell':
      return `s${LETTER[a.kind]}${a.count}`;
    case 'end':
      return 'e';
    case 'steal':
      return `r${a.from}`;
    case 'discard':
      return `d${encodeCounts(a.cards)}`;
  }
}

export function decodeArchaeologyAction(code: string): ArchaeologyAction | null {
  const head = code[0];
  const rest = code.slice(1);
  switch (head) {
    case 't': {
      const [g, t, extra] = rest.split('/');
      if (g === undefined || t === undefined || extra !== undefined) return null;
      const give = decodeCounts(g);
      const take = decodeCounts(t);
      return give && take ? { type: 'trade', give, take } : null;
    }
    case 'x': {
      const chamber = CHAMBERS.find((c) => CHAMBER_LETTER[c] === rest);
      return chamber ? { type: 'explore', chamber } : null;
    }
    case 's': {
      const counts = decodeCounts(rest);
      const entries = counts ? Object.entries(counts) : [];
      if (entries.length !== 1) return null;
      const [kind, count] = entries[0] as [Treasure, number];
      return { type: 'sell', kind, count };
    }
    case 'e':
      return rest === '' ? { type: 'end' } : null;
    case 'r':
      return /^\d$/.test(rest) ? { type: 'steal', from: Number(rest) } : null;
    case 'd': {
      const cards = decodeCounts(rest);
      return cards && Object.keys(cards).length > 0 ? { type: 'discard', cards } : null;
    }
    default:
      return null;
  }
}
