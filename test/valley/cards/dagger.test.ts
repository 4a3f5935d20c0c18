import { describe, expect, it } from 'vitest';
import { english } from '../table.ts';
import { table } from './pinned-numbers.ts';

describe('Dagger: each player takes the top card of the boneyard', () => {
  it('"each player, starting with you, takes the top card of the boneyard", in turn order', () => {
    const t = table({
      players: 3,
      seat: 1,
      hands: [[], ['dagger'], []],
      boneyard: ['urn', 'boat', 'statue-of-isis', 'shabti'],
    });
    t.play(1, 'dagger');
    expect(t.discard(1)).toEqual(['shabti']);
    expect(t.discard(2)).toEqual(['statue-of-isis']);
    expect(t.discard(0)).toEqual(['boat']);
    expect(t.boneyard()).toEqual(['urn']);
  });

  it('"If there are at least as many cards in the boneyard as there are players": exactly as many is enough', () => {
    const t = table({ players: 2, hands: [['dagger'], []], boneyard: ['urn', 'shabti'] });
    expect(t.canPlay(0, 'dagger')).toBe(true);
    t.play(0, 'dagger');
    expect(t.boneyard()).toEqual([]);
  });

  it('fewer cards than players: it cannot be executed', () => {
    const t = table({ players: 3, hands: [['dagger', 'urn'], [], []], boneyard: ['urn', 'shabti'] });
    expect(t.canPlay(0, 'dagger')).toBe(false);
    expect(t.refused(0, { type: 'play', card: t.inHand(0, 'dagger') })).toBe(
      'Dagger cannot be executed now: the boneyard must hold at least as many cards as there are players.',
    );
  });

  it('"count the cards without revealing them": the log names each card only as it is taken', () => {
    const t = table({ players: 2, hands: [['dagger'], []], boneyard: ['statue-of-thoth', 'censer', 'urn'] });
    t.play(0, 'dagger');
    const log = t.log.map((l) => english(l.text)).join('\n');
    expect(log).toContain('@0 took Urn from the boneyard (Dagger)');
    expect(log).toContain('@1 took Censer from the boneyard (Dagger)');
    expect(log).not.toContain('Statue of Thoth');
  });
});
