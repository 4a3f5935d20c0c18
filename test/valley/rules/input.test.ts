import { describe, expect, it } from 'vitest';
import { Table } from '../table.ts';
import { refusal } from './helpers.ts';

// Every refusal below also checks (in `refusal`) that the state is left exactly as it was.
const PYRAMID = ['wadj-amulet', 'chariot', 'tyet-amulet', 'imseti-canopic-jar', 'statue-of-bastet', 'censer'];

const position = () =>
  Table.from({
    players: 3,
    hands: [['book-of-the-netherworld', 'urn', 'shabti'], ['urn'], ['mummified-cat']],
    discards: [['censer']],
    pyramid: PYRAMID,
  });

describe('Malformed actions are refused with a reason', () => {
  it.each([
    ['an unknown type', { type: 'fly' }],
    ['no type', { slot: 0 }],
    ['not an object', 'buy'],
    ['null', null],
    ['a buy without a slot', { type: 'buy', pay: [0] }],
    ['a buy without payment', { type: 'buy', slot: 0 }],
    ['a play without a card', { type: 'play' }],
    ['an entomb with a card name instead of an instance', { type: 'entomb', card: 'urn' }],
    ['a negative card', { type: 'play', card: -1 }],
    ['a fractional slot', { type: 'buy', slot: 0.5, pay: [0] }],
    ['an end-turn without top', { type: 'end-turn' }],
    ['an empty answer', { type: 'answer', value: '' }],
  ])('%s', (_, action) => {
    const e = refusal(position(), 0, action);
    expect(e.code).toBe('malformed');
    expect(e.message).toMatch(/^Scarab cannot read that as a move of Valley of the Kings \(.+\)\.$/);
  });

  it('a buy with an empty payment says to choose cards to pay with', () => {
    expect(refusal(position(), 0, { type: 'buy', slot: 0, pay: [] }).message).toBe(
      'Scarab cannot read that as a move of Valley of the Kings (choose cards to pay with).',
    );
  });
});

describe('Well-formed but impossible actions are refused with specific messages', () => {
  it('a seat that does not exist', () => {
    expect(refusal(position(), 3, { type: 'end-turn', top: null })).toEqual({
      code: 'no-seat',
      message: 'There is no seat 3.',
    });
    expect(refusal(position(), -1, { type: 'end-turn', top: null }).code).toBe('no-seat');
  });

  it("a card that is not in hand (another seat's card, one in the discard pile, one that does not exist)", () => {
    const t = position();
    const theirs = t.inHand(1, 'urn');
    expect(refusal(t, 0, { type: 'play', card: theirs })).toEqual({
      code: 'not-in-hand',
      message: 'Play: that card is not in your hand (Urn).',
    });
    const discarded = t.s.players[0]?.discard[0] as number;
    expect(refusal(t, 0, { type: 'entomb', card: discarded }).message).toBe(
      'Entomb: that card is not in your hand (Censer).',
    );
    expect(refusal(t, 0, { type: 'buy', slot: 0, pay: [999] }).message).toBe(
      'Payment: that card is not in your hand.',
    );
  });

  it('the same card twice in one payment', () => {
    const t = position();
    const nether = t.inHand(0, 'book-of-the-netherworld');
    expect(refusal(t, 0, { type: 'buy', slot: 0, pay: [nether, nether] })).toEqual({
      code: 'duplicate-payment',
      message: 'Each card can pay only once.',
    });
  });

  it('a pyramid slot out of range', () => {
    const t = position();
    const pay = [t.inHand(0, 'book-of-the-netherworld')];
    expect(refusal(t, 0, { type: 'buy', slot: 6, pay })).toEqual({
      code: 'not-base',
      message: 'There is no pyramid slot 6.',
    });
    expect(refusal(t, 0, { type: 'buy', slot: -1, pay }).message).toBe('There is no pyramid slot -1.');
  });

  it('a card to leave on top of the discard pile that is neither in hand nor in play', () => {
    const t = position();
    expect(refusal(t, 0, { type: 'end-turn', top: t.inHand(1, 'urn') })).toEqual({
      code: 'bad-top',
      message: 'The card to leave on top of your discard pile must be in your hand or in play.',
    });
  });

  it('an answer when nothing was asked', () => {
    expect(refusal(position(), 0, { type: 'answer', value: 's0' })).toEqual({
      code: 'no-question',
      message: 'Nobody asked you anything right now.',
    });
  });

  it('an answer that is not one of the choices', () => {
    const t = position();
    t.play(0, 'shabti');
    const e = refusal(t, 0, { type: 'answer', value: 's9' });
    expect(e.code).toBe('bad-option');
    expect(e.message).toMatch(/^That is not one of the choices\. Choose one of: Swap Wadj Amulet/);
  });

  it('an answer from a seat that was not asked', () => {
    const t = position();
    t.play(0, 'shabti');
    expect(refusal(t, 1, { type: 'answer', value: 's5' })).toEqual({
      code: 'not-asked',
      message: 'This decision is not yours to make.',
    });
  });

  it('a second answer from a seat that already answered (a reaction window asking two seats)', () => {
    const t = position();
    t.play(0, 'shabti').choose(0, 'Sacrifice Censer');
    expect(t.options(1)).toEqual(['Pass']);
    t.pass(1);
    expect(refusal(t, 1, { type: 'answer', value: 'pass' })).toEqual({
      code: 'answered',
      message: 'You have already answered.',
    });
  });

  it('another action while a question is open: the asked seat must answer first, the others wait', () => {
    const t = position();
    t.play(0, 'shabti');
    expect(refusal(t, 0, { type: 'entomb', card: t.inHand(0, 'urn') })).toEqual({
      code: 'waiting',
      message: 'First answer the question you were asked.',
    });
    expect(refusal(t, 1, { type: 'entomb', card: t.inHand(1, 'urn') })).toEqual({
      code: 'waiting',
      message: 'The game is waiting: @0 is using Shabti.',
    });
  });
});
