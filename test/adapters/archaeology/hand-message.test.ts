import type { APIButtonComponentWithCustomId, APIStringSelectComponent } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { decodeArchaeologyAction } from '../../../src/adapters/archaeology/action-code.ts';
import { archaeologyClick } from '../../../src/adapters/archaeology/hand-clicks.ts';
import { handMessage } from '../../../src/adapters/archaeology/hand-message.ts';
import type { ArchaeologyPictures } from '../../../src/adapters/archaeology/pictures.ts';
import { en } from '../../../src/adapters/english.ts';
import { apply } from '../../../src/games/archaeology/index.ts';
import { view } from '../../../src/games/archaeology/view.ts';
import type { GameContext } from '../../../src/table-kit/context.ts';
import { decodeCustomId } from '../../../src/table-kit/custom-id.ts';
import type { Payload } from '../../../src/table-kit/payload.ts';
import { act, position } from '../../archaeology/helpers.ts';

const picture = { png: Buffer.from([]), alt: 'a picture' };
const pictures: ArchaeologyPictures = { table: () => picture, hand: () => picture, results: () => picture };
const ctx: GameContext = {
  gameId: 7,
  version: 3,
  names: ['alice', 'bob', 'carol'],
  users: ['1', '2', '3'],
  language: 'en',
};

const selects = (p: Payload): APIStringSelectComponent[] =>
  p.components.flatMap((r) => r.components.filter((c) => c.type === ComponentType.StringSelect));
const buttons = (p: Payload): APIButtonComponentWithCustomId[] =>
  p.components.flatMap((r) =>
    r.components.filter((c) => c.type === ComponentType.Button),
  ) as APIButtonComponentWithCustomId[];
const verbOf = (c: { custom_id?: string }) => decodeCustomId(c.custom_id ?? '')?.verb;

describe('the private hand of Archaeology', () => {
  const s = position({
    hands: [{ coin: 3, talisman: 2, map: 1 }, { parchment: 4 }],
    market: { parchment: 2, mask: 1, 'pot-shard': 1 },
    dig: ['coin', 'coin'],
  });

  it('groups the hand by type with trading values and what selling now would earn', () => {
    const p = handMessage(view(s, 0), ctx, pictures);
    expect(p.content).toContain('6 cards');
    expect(p.content).toContain('3 Coins — trade 2 each · sell 3 now for $10');
    expect(p.content).toContain('2 Talismans — trade 3 each · sell 2 now for $7');
    expect(p.content).not.toContain('Parchment Scraps — trade');
  });

  it('offers every sale in a menu, a trade menu of marketplace cards, and Explore / End buttons', () => {
    const p = handMessage(view(s, 0), ctx, pictures);
    const sell = selects(p).find((m) => verbOf(m) === 'sell');
    expect(sell?.options.map((o) => o.value).sort()).toEqual(
      ['sa1', 'sc1', 'sc2', 'sc3', 'st1', 'st2'].sort(),
    );
    const take = selects(p).find((m) => verbOf(m) === 'take');
    expect(take?.options.map((o) => o.value)).toEqual([
      'parchment.1',
      'parchment.2',
      'pot-shard.1',
      'mask.1',
    ]);
    expect(buttons(p).map((b) => b.label)).toEqual([
      'Explore the small chamber (1 map)',
      'End turn',
      'Refresh',
    ]);
    expect(p.components.length).toBeLessThanOrEqual(5);
  });

  it('a trade in two clicks: the marketplace cards, then what to give; the rules judge the value', () => {
    const v = view(s, 0);
    const step = archaeologyClick('take', '', ['mask.1'], v);
    expect(step).toEqual({ kind: 'show', options: { step: { take: { mask: 1 } } }, fresh: 'version' });
    const p = handMessage(v, ctx, pictures, { take: { mask: 1 } });
    expect(p.content).toContain('You take **1 Pharaoh');
    const give = selects(p).find((m) => verbOf(m) === 'give');
    expect(give?.options.map((o) => o.value)).toEqual([
      'coin.1',
      'coin.2',
      'coin.3',
      'talisman.1',
      'talisman.2',
      'map.1',
    ]);
    const arg = decodeCustomId(give?.custom_id ?? '')?.arg ?? '';
    const trade = archaeologyClick('give', arg, ['coin.1', 'coin.2'], v);
    expect(trade).toEqual({
      kind: 'act',
      action: { type: 'trade', give: { coin: 2 }, take: { mask: 1 } },
      fresh: 'version',
    });
    if (trade?.kind !== 'act') throw new Error('no action');
    const after = act(s, 0, trade.action);
    expect(view(after, 0).me?.hand).toEqual({ coin: 1, talisman: 2, mask: 1, map: 1 });
    // Too little for a mask: refused by the rules, with the values in the message.
    const cheap = archaeologyClick('give', arg, ['coin.1'], v);
    if (cheap?.kind !== 'act') throw new Error('no action');
    const r = apply(s, 0, cheap.action);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(en(r.error.msg)).toContain('more than the 2 you give');
  });

  it('a sandstorm asks each owing player privately for exactly that many cards', () => {
    const storm = act(
      position({
        hands: [{ coin: 1 }, { parchment: 4, coin: 1 }, { talisman: 3 }],
        dig: ['coin', 'sandstorm'],
        seat: 2,
      }),
      2,
      { type: 'end' },
    );
    expect(storm.pending?.type).toBe('sandstorm');
    const v = view(storm, 1);
    const p = handMessage(v, ctx, pictures);
    expect(p.content).toContain('Choose 2 more cards to lose');
    const lose = selects(p).find((m) => verbOf(m) === 'lose');
    expect(lose?.min_values).toBe(1);
    expect(lose?.max_values).toBe(2);
    expect(decodeCustomId(lose?.custom_id ?? '')?.arg).toBe(String(v.questionId));
    const step = archaeologyClick('lose', String(v.questionId), ['parchment.1', 'parchment.2'], v);
    expect(step).toEqual({
      kind: 'act',
      action: { type: 'discard', cards: { parchment: 2 } },
      fresh: 'question',
    });
    // A menu of a closed sandstorm changes nothing.
    const late = archaeologyClick('lose', '999', ['parchment.1'], v);
    expect(late?.kind).toBe('show');
  });

  it('a thief asks its digger whom to rob, naming hand sizes only', () => {
    const thief = act(
      position({ hands: [{ coin: 1 }, { parchment: 4 }, { talisman: 3 }], dig: ['coin', 'thief'], seat: 2 }),
      2,
      { type: 'end' },
    );
    const p = handMessage(view(thief, 0), ctx, pictures);
    expect(buttons(p).map((b) => b.label)).toEqual(['Rob bob (4 cards)', 'Rob carol (3 cards)', 'Refresh']);
  });

  it('a thief names a hand of one card in the singular', () => {
    const thief = act(
      position({ hands: [{ coin: 1 }, { parchment: 1 }, { talisman: 3 }], dig: ['coin', 'thief'], seat: 2 }),
      2,
      { type: 'end' },
    );
    const p = handMessage(view(thief, 0), ctx, pictures);
    expect(buttons(p).map((b) => b.label)).toContain('Rob bob (1 card)');
    const code = decodeCustomId(buttons(p)[0]?.custom_id ?? '')?.arg ?? '';
    expect(decodeArchaeologyAction(code)).toEqual({ type: 'steal', from: 1 });
  });

  it('damaged menus and buttons are refused without acting', () => {
    const v = view(s, 0);
    expect(archaeologyClick('act', 'zz', [], v)?.kind).toBe('refuse');
    expect(archaeologyClick('sell', '0', ['q9'], v)?.kind).toBe('refuse');
    expect(archaeologyClick('take', '', ['gold.1'], v)?.kind).toBe('refuse');
    expect(archaeologyClick('give', 'zz', ['coin.1'], v)?.kind).toBe('refuse');
    expect(archaeologyClick('act', 'dc1', [], v)?.kind).toBe('refuse');
    expect(archaeologyClick('nothing', '', [], v)).toBeNull();
  });
});
