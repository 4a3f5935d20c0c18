import type { APIStringSelectComponent } from 'discord-api-types/v10';
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { handMessage } from '../../../src/adapters/valley/hand-message.ts';
import { describeHand } from '../../../src/adapters/valley/pictures/picture-text.ts';
import type { ValleyPictures } from '../../../src/adapters/valley/pictures.ts';
import { valleyText } from '../../../src/adapters/valley/rules-text.ts';
import type { Message } from '../../../src/games/kernel/message.ts';
import { baseCatalog, fullCatalog } from '../../../src/games/valley/catalog.ts';
import { view } from '../../../src/games/valley/view.ts';
import type { GameContext } from '../../../src/table-kit/context.ts';
import { decodeCustomId } from '../../../src/table-kit/custom-id.ts';
import type { Payload } from '../../../src/table-kit/payload.ts';
import { ask, choices, Table, TWO_GOLD } from '../../valley/table.ts';

const picture = { png: Buffer.from([]), alt: 'a picture' };
const pictures: ValleyPictures = {
  table: () => picture,
  hand: () => picture,
  tombs: () => [picture],
  results: () => picture,
  card: () => picture,
};
const ctx: GameContext = {
  gameId: 7,
  version: 3,
  names: ['alice', 'bob'],
  users: ['1', '2'],
  language: 'en',
};

const selects = (p: Payload): APIStringSelectComponent[] =>
  p.components.flatMap((r) => r.components.filter((c) => c.type === ComponentType.StringSelect));

describe('paying for a card in the private hand', () => {
  it('more ways to pay than a menu holds: the player picks the cards, and every legal payment can be picked', () => {
    const t = Table.from({
      players: 2,
      hands: [TWO_GOLD, []],
      pyramid: ['boat', null, null, null, null, null],
    });
    const v = view(t.s, 0);
    const legal = v.actions.flatMap((a) =>
      a.action.type === 'buy' && a.action.slot === 0 ? [a.action.pay] : [],
    );
    expect(legal.length).toBeGreaterThan(25);
    const payload = handMessage(v, ctx, pictures, baseCatalog, { buySlot: 0 });
    const [menu, ...others] = selects(payload);
    expect(others).toEqual([]);
    expect(decodeCustomId(menu!.custom_id)).toMatchObject({ verb: 'pay', arg: '0', version: 3 });
    expect(payload.content).toMatch(/56 ways to pay for Boat \(cost 6\): choose the cards to pay with/);
    const offered = new Set(menu!.options.map((o) => Number(o.value)));
    for (const pay of legal) {
      expect(pay.every((c) => offered.has(c))).toBe(true);
      expect(pay.length).toBeGreaterThanOrEqual(menu!.min_values!);
      expect(pay.length).toBeLessThanOrEqual(menu!.max_values!);
    }
    // Every card of the hand is offered once, with its gold, and no label is cut short.
    expect(menu!.options.map((o) => o.label)).toEqual(TWO_GOLD.map((id) => `${v.defs[id]!.name} (2g)`));
  });

  it('a few ways to pay: one menu lists each payment whole, one choice buys', () => {
    const t = Table.from({
      players: 2,
      hands: [['chariot', 'censer', 'urn'], []],
      pyramid: ['chariot', null, null, null, null, null],
    });
    const payload = handMessage(view(t.s, 0), ctx, pictures, baseCatalog, { buySlot: 0 });
    const [menu] = selects(payload);
    expect(decodeCustomId(menu!.custom_id)).toMatchObject({ verb: 'act', arg: 'pay' });
    expect(menu!.max_values).toBe(1);
    expect(menu!.options.map((o) => o.label)).toEqual(['Pay with Chariot + Censer (4 gold)']);
  });

  it('exact payments come first, then those that overpay the least', () => {
    const t = Table.from({
      players: 2,
      hands: [['statue-of-isis', 'shabti', 'urn', 'censer'], []],
      pyramid: ['chariot', null, null, null, null, null],
    });
    const [menu] = selects(handMessage(view(t.s, 0), ctx, pictures, baseCatalog, { buySlot: 0 }));
    const golds = menu!.options.map((o) => Number(/\((\d+) gold/.exec(o.label)?.[1]));
    expect(golds.length).toBeGreaterThan(2);
    expect(golds[0]).toBe(4);
    expect(golds).toEqual([...golds].sort((a, b) => a - b));
    expect(golds).toContain(5);
  });

  it('a question with more answers than one menu holds spreads them over several menus, losing none', () => {
    const t = Table.from({ players: 2, hands: [[], []], pyramid: ['boat', null, null, null, null, null] });
    ask(t, 0, 'Pick one', choices(30));
    const payload = handMessage(view(t.s, 0), ctx, pictures, baseCatalog);
    const menus = selects(payload);
    expect(menus).toHaveLength(2);
    expect(menus.flatMap((m) => m.options.map((o) => o.value))).toEqual(choices(30).map(([value]) => value));
    expect(new Set(menus.map((m) => m.custom_id)).size).toBe(2);
  });
});

describe('the one end-turn control', () => {
  const endControls = (p: Payload) =>
    p.components
      .flatMap((r) => r.components)
      .filter(
        (c) => 'custom_id' in c && /:(end|act):?/.test(c.custom_id) && /End turn/.test(JSON.stringify(c)),
      );

  it('a pile of one kind of card has no order to choose: a plain button', () => {
    const t = Table.from({ players: 2, hands: [['shabti', 'shabti'], []], decks: [['urn', 'urn'], []] });
    const [only, ...more] = endControls(handMessage(view(t.s, 0), ctx, pictures, baseCatalog));
    expect(more).toEqual([]);
    expect(only).toMatchObject({ type: ComponentType.Button, label: 'End turn' });
  });

  it('several kinds but one Urn at most: the card on top is chosen, nothing deeper', () => {
    const t = Table.from({ players: 2, hands: [['shabti', 'box-of-food', 'urn'], []] });
    const [menu, ...more] = endControls(handMessage(view(t.s, 0), ctx, pictures, baseCatalog));
    expect(more).toEqual([]);
    expect((menu as APIStringSelectComponent).options.map((o) => o.label)).toEqual([
      'End turn, leaving Shabti on top',
      'End turn, leaving Box of Food on top',
      'End turn, leaving Urn on top',
    ]);
  });

  it('two Urns owned: the menu also offers to order the cards beneath the top', () => {
    const t = Table.from({ players: 2, hands: [['shabti', 'box-of-food', 'urn'], []], decks: [['urn'], []] });
    const [menu] = endControls(handMessage(view(t.s, 0), ctx, pictures, baseCatalog));
    expect((menu as APIStringSelectComponent).options.at(-1)?.value).toBe('order');
    const step = handMessage(view(t.s, 0), ctx, pictures, baseCatalog, { endOrder: [t.inHand(0, 'urn')] });
    expect(step.content).toMatch(/from the top of your discard pile, Urn\. Choose the next card beneath/);
    expect(selects(step)[0]?.options.map((o) => o.label)).toEqual(['Shabti', 'Box of Food']);
  });
});

describe('what the private hand tells only its owner', () => {
  it("Senet Game: the hand an opponent showed is in the Senet player's hand message, not in the others'", () => {
    const t = Table.from({
      players: 3,
      hands: [['senet-game', 'urn'], ['shabti', 'boat'], ['book-of-gates']],
      decks: [['shabti'], [], []],
    });
    t.play(0, 'senet-game');
    if (t.options(0).length > 0) t.choose(0, '@1');
    const mine = handMessage(
      view(t.s, 0),
      { ...ctx, names: ['alice', 'bob', 'carol'] },
      pictures,
      fullCatalog,
    );
    expect(mine.content).toContain('👁 bob showed you their hand (no set card): Shabti, Boat.');
    for (const seat of [1, 2]) {
      const other = handMessage(
        view(t.s, seat),
        { ...ctx, names: ['alice', 'bob', 'carol'] },
        pictures,
        fullCatalog,
      );
      expect(other.content).not.toContain('showed you');
    }
  });

  it('Ring: the player to move is told that the next card they play has double gold value', () => {
    const t = Table.from({ players: 2, hands: [['ring', 'urn', 'shabti'], []] });
    expect(handMessage(view(t.s, 0), ctx, pictures, fullCatalog).content).not.toContain('💍');
    t.play(0, 'ring');
    expect(handMessage(view(t.s, 0), ctx, pictures, fullCatalog).content).toContain(
      '💍 Ring: the next card you play (to pay, for its action or to entomb) has double gold value.',
    );
    expect(handMessage(view(t.s, 1), ctx, pictures, fullCatalog).content).not.toContain('💍');
  });
});

describe('the text beside the hand’s picture', () => {
  // The real pictures' words: the caption under the cards is the prompt, and the description says it.
  const drawn: ValleyPictures = {
    ...pictures,
    hand: (v, { names, language }) => ({
      png: Buffer.from([]),
      alt: describeHand(v, names, fullCatalog, language),
    }),
  };
  const caption = (p: Payload) => p.files[0]?.description ?? '';

  it('says what the picture does not, not its caption again: the prompt of the turn, a question', () => {
    const t = Table.from({ players: 2, hands: [['shabti', 'urn'], []] });
    const turn = view(t.s, 0);
    expect(turn.prompt).not.toBeNull();
    const prompt = valleyText(turn.prompt as Message, ctx);
    expect(prompt).not.toBe('');
    const mine = handMessage(turn, ctx, drawn, fullCatalog);
    expect(caption(mine)).toContain(prompt);
    expect(mine.content).not.toContain(prompt);
    expect(mine.content).toMatch(/^\*\*Your hand\*\* \(game #7\): Shabti \(1g\), Urn \(1g\)/);

    ask(t, 0, 'Pick one of these', [['a', 'A']]);
    const asked = handMessage(view(t.s, 0), ctx, drawn, fullCatalog);
    expect(caption(asked)).toContain('Pick one of these');
    expect(asked.content).not.toContain('Pick one of these');
  });
});

describe('buying where the choice is made (issue #37, item 3)', () => {
  it('each card that can be bought sits beside its Buy button with its cost and its action', () => {
    const t = Table.from({
      players: 2,
      hands: [TWO_GOLD, []],
      pyramid: ['boat', 'chariot', 'censer', null, null, null],
    });
    const v = view(t.s, 0);
    const payload = handMessage(v, ctx, pictures, baseCatalog);
    const sections = payload.sections ?? [];
    const buyable = [...new Set(v.actions.flatMap((a) => (a.action.type === 'buy' ? [a.action.slot] : [])))];
    expect(sections.map((s) => decodeCustomId((s.button as { custom_id: string }).custom_id)?.arg)).toEqual(
      buyable.map(String),
    );
    for (const [k, slot] of buyable.entries()) {
      const card = v.pyramid[slot]?.card as string;
      const action = baseCatalog.cards.find((c) => c.id === card)?.action as string;
      expect(action).toBeTruthy();
      expect(sections[k]?.text).toContain(`**${v.defs[card]!.name}** · cost ${v.defs[card]!.cost}`);
      expect(sections[k]?.text).toContain(action);
      expect((sections[k]?.button as { label?: string } | undefined)?.label).toBe(
        `Buy ${v.defs[card]!.name} (${v.defs[card]!.cost})`,
      );
    }
    // The step that chooses how to pay says the card's action too.
    const paying = handMessage(v, ctx, pictures, baseCatalog, { buySlot: buyable[0] as number });
    const first = baseCatalog.cards.find((c) => c.id === v.pyramid[buyable[0] as number]?.card)
      ?.action as string;
    expect(paying.content).toContain(first);
  });
});
