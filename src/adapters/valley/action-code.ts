import type { ValleyAction } from '../../games/valley/state.ts';

/**
 * Compact text for an action, to fit in a custom_id or a select-menu value (≤ 100 characters):
 * b<slot>.<pay…> · p<card> · e<card> · t<top|->[.<beneath…>] · a<value>.
 */
export function encodeAction(a: ValleyAction): string {
  switch (a.type) {
    case 'buy':
      return `b${a.slot}.${a.pay.join('.')}`;
    case 'play':
      return `p${a.card}`;
    case 'entomb':
      return `e${a.card}`;
    case 'end-turn':
      return `t${a.top ?? '-'}${a.beneath?.length ? `.${a.beneath.join('.')}` : ''}`;
    case 'answer':
      return `a${a.value}`;
  }
}

const int = (s: string | undefined): number | null => (s !== undefined && /^\d+$/.test(s) ? Number(s) : null);

/** null when the text is not a well-formed action; legality is the rules module's business. */
export function decodeAction(code: string): ValleyAction | null {
  const kind = code[0];
  const rest = code.slice(1);
  if (kind === 'b') {
    const [slot, ...pay] = rest.split('.').map(int);
    if (slot === null || slot === undefined || pay.length === 0 || pay.some((c) => c === null)) return null;
    return { type: 'buy', slot, pay: pay as number[] };
  }
  if (kind === 'p' || kind === 'e') {
    const card = int(rest);
    if (card === null) return null;
    return kind === 'p' ? { type: 'play', card } : { type: 'entomb', card };
  }
  if (kind === 't') {
    if (rest === '-') return { type: 'end-turn', top: null };
    const [top, ...beneath] = rest.split('.').map(int);
    if (top === null || top === undefined || beneath.some((c) => c === null)) return null;
    return beneath.length > 0
      ? { type: 'end-turn', top, beneath: beneath as number[] }
      : { type: 'end-turn', top };
  }
  if (kind === 'a' && rest.length > 0) return { type: 'answer', value: rest };
  return null;
}
