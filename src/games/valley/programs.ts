import type { CardProgram } from './cards/card-program.ts';
import { type Program, systemPrograms } from './system-programs.ts';

// Card programs register here at module load (see engine.ts) rather than being imported, because
// Book of Gates and Tyet Amulet look other programs up and a static import would be circular.
const cards = new Map<string, CardProgram>();

/** Every program by kind, the system's first: the interpreter looks one up at every step of every move. */
const byKind = new Map<string, Program>(Object.entries(systemPrograms));

export function registerCardPrograms(list: readonly CardProgram[]): void {
  for (const p of list) {
    cards.set(p.id, p);
    if (!(p.id in systemPrograms)) byKind.set(p.id, p);
  }
}

export function programFor(cardId: string): CardProgram | undefined {
  return cards.get(cardId);
}

export function program(kind: string): Program {
  const p = byKind.get(kind);
  if (!p) throw new Error(`rules bug: no program '${kind}'`);
  return p;
}
