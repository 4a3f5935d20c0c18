import type { Seat } from '../kernel/types.ts';
import type { Instance, ValleyState } from './state.ts';
import type { ValleyView } from './view.ts';

/** Every card of the game is in exactly one zone. Returns a description of the first violation. */
export function conservationError(s: ValleyState): string | null {
  const seen = new Uint8Array(s.cards.length);
  const count = (zone: readonly (Instance | null)[]) => {
    for (const c of zone) if (c !== null) seen[c] = (seen[c] as number) + 1;
  };
  count(s.pyramid);
  count(s.stock);
  count(s.boneyard);
  for (const p of s.players) for (const z of [p.hand, p.deck, p.discard, p.tomb, p.play, p.aside]) count(z);
  for (let i = 0; i < seen.length; i++)
    if (seen[i] !== 1) return `card ${i} (${s.cards[i]}) is in ${seen[i]} zones`;
  return null;
}

/**
 * Instances a view may mention: public zones, and for a seat its own hand, when the rules let it
 * look, its own discard pile, and a hand shown to it alone (Senet Game). Anything else in a view is a
 * leak of hidden information.
 */
export function leakError(s: ValleyState, v: ValleyView, viewer: Seat | null): string | null {
  const allowed = new Set<Instance>();
  for (const c of s.pyramid) if (c !== null) allowed.add(c);
  const boneTop = s.boneyard.at(-1);
  if (boneTop !== undefined) allowed.add(boneTop);
  s.players.forEach((p, seat) => {
    for (const c of [...p.tomb, ...p.play, ...p.aside]) allowed.add(c);
    const top = p.discard.at(-1);
    if (top !== undefined) allowed.add(top);
    if (seat === viewer) {
      for (const c of p.hand) allowed.add(c);
      if (v.me?.discard) for (const c of p.discard) allowed.add(c);
    }
  });
  // A hand shown to the viewer alone (Senet Game), as it was shown.
  for (const h of s.turn.shown ?? []) if (h.to === viewer) for (const c of h.cards) allowed.add(c);
  // The viewer's own question may list cards of its discard pile (Heart Scarab, Burial Mask, Heavens).
  const ask = s.stack.at(-1)?.q?.asks.find((a) => a.seat === viewer);
  const myDiscard = viewer === null ? [] : (s.players[viewer]?.discard ?? []);
  for (const o of ask?.options ?? []) {
    const m = /^c(\d+)$/.exec(o.value);
    if (m && myDiscard.includes(Number(m[1]))) allowed.add(Number(m[1]));
  }
  const bad: string[] = [];
  // The path to where the walk is, as its keys: joined into text only for a violation, since a
  // fuzz campaign walks every view after every action and nearly never finds one.
  const keys: (string | number)[] = [];
  const path = () => keys.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('');
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        keys.push(i);
        visit(x[i]);
        keys.pop();
      }
    } else if (x && typeof x === 'object') {
      for (const k in x) {
        const y = (x as Record<string, unknown>)[k];
        if ((k === 'instance' || k === 'card' || k === 'top') && typeof y === 'number' && !allowed.has(y))
          bad.push(`view${path()}.${k}=${y}`);
        if (k === 'pay' && Array.isArray(y))
          for (const c of y) if (!allowed.has(c as number)) bad.push(`view${path()}.pay=${c}`);
        if (k === 'value' && typeof y === 'string') {
          const m = /^c(\d+)$/.exec(y);
          if (m && !allowed.has(Number(m[1]))) bad.push(`view${path()}.value=${y}`);
        }
        if (k !== 'defs') {
          keys.push(k);
          visit(y);
          keys.pop();
        }
      }
    }
  };
  visit({ ...v, defs: undefined });
  return bad.length
    ? `view of ${viewer === null ? 'the public' : `seat ${viewer}`} mentions hidden cards: ${bad.slice(0, 5).join(', ')}`
    : null;
}
