import type { ArchaeologyState } from './state.ts';

/** A copy for `apply` to change. Numbers and card kinds are never changed in place, so they are shared. */
export function clone(s: ArchaeologyState): ArchaeologyState {
  const p = s.pending;
  return {
    ...s,
    dig: s.dig.slice(),
    market: s.market.slice(),
    chambers: {
      small: s.chambers.small?.slice() ?? null,
      medium: s.chambers.medium?.slice() ?? null,
      large: s.chambers.large?.slice() ?? null,
    },
    hands: s.hands.map((h) => h.slice()),
    sold: s.sold.map((sets) => sets.slice()),
    thieves: s.thieves.slice(),
    sandstorms: s.sandstorms.slice(),
    out: s.out.slice(),
    turn: { ...s.turn },
    passes: s.passes ? { ...s.passes } : null,
    pending:
      p === null
        ? null
        : p.type === 'thief'
          ? { ...p, targets: p.targets.slice() }
          : { ...p, owed: p.owed.slice(), aside: p.aside.map((a) => a.slice()) },
    rng: [...s.rng] as ArchaeologyState['rng'],
  };
}
