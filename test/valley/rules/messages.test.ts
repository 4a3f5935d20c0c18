/**
 * The card programs' sentences are catalogue messages (#16, #25): every log line, question, public
 * text and option label they write is a message (the rules render no English of their own; the English
 * read here is the table's, through `en`), every key they use is in both catalogues, the Spanish
 * written for it, and a played game's state and views hold no sentence that is not a message.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import englishCatalogue from '../../../assets/i18n/en.json' with { type: 'json' };
import spanishCatalogue from '../../../assets/i18n/es.json' with { type: 'json' };
import { en as english } from '../../../src/adapters/english.ts';
import type { Message } from '../../../src/games/kernel/message.ts';
import { nextInt, seedRng } from '../../../src/games/kernel/rng.ts';
import { cardPrograms } from '../../../src/games/valley/cards/index.ts';
import { apply, valley, waitingFor } from '../../../src/games/valley/index.ts';
import { legalActions } from '../../../src/games/valley/legal-actions.ts';
import type { ValleyAction, ValleyState } from '../../../src/games/valley/state.ts';
import { renderMessage } from '../../../src/i18n/render-message.ts';
import { table } from '../cards/pinned-numbers.ts';
import type { Table } from '../table.ts';

const en: Record<string, string> = englishCatalogue;
const es: Record<string, string> = spanishCatalogue;

/** Every key a message uses: its own, its nested messages' and its terms' ('~key'). */
function keysOf(m: Message, into: Set<string>): Set<string> {
  into.add(m.key);
  for (const v of Object.values(m.values ?? {})) {
    if (typeof v === 'object') keysOf(v, into);
    else if (typeof v === 'string' && v.startsWith('~')) into.add(v.slice(1));
  }
  return into;
}

/** The message in Spanish (cards and seats as markers): it must render, every value given. */
const spanish = (m: Message): string =>
  renderMessage(m, {
    template: (key) => {
      const text = es[key];
      if (text === undefined) throw new Error(`no '${key}' in es.json`);
      return text;
    },
    language: 'es',
    card: (id) => `<${id}>`,
    seat: (n) => `<P${n}>`,
  });

const used = new Set<string>();

/**
 * A field the rules fill with a sentence: it is a catalogue message (not a string), it reads in
 * English and in Spanish, and its keys are collected for the catalogue check below.
 */
function said(msg: unknown, what: string): string {
  expect(typeof msg, `${what} ${JSON.stringify(msg)} is not a message`).toBe('object');
  const m = msg as Message;
  expect(typeof m.key, `${what} ${JSON.stringify(msg)} has no key`).toBe('string');
  expect(en[m.key], `${what}: '${m.key}' in en.json`).toBeDefined();
  const text = english(m);
  expect(text).not.toBe('');
  expect(spanish(m)).not.toBe('');
  keysOf(m, used);
  return text;
}

/**
 * Checks the log lines written since `from` (all of them must be messages) and the open question:
 * its public text, each asked seat's prompt and options.
 */
function checked(t: Table, from = 0): string[] {
  const lines = t.log.slice(from).map((e) => said(e.text, 'log line'));
  const q = t.s.stack.at(-1)?.q;
  if (q) {
    said(q.publicText, 'public text');
    for (const ask of q.asks) {
      said(ask.prompt, 'prompt');
      for (const o of ask.options) said(o.label, 'option');
    }
  }
  return lines;
}

describe('card programs write catalogue messages, read in English by the table', () => {
  it('Chariot: the question names the boneyard card, the log line the card taken', () => {
    const t = table({
      players: 2,
      hands: [['chariot', 'urn', 'shabti'], []],
      boneyard: ['book-of-the-dead', 'statue-of-isis'],
    });
    t.play(0, 'chariot');
    checked(t);
    expect(t.s.stack.at(-1)?.q?.asks[0]?.prompt).toEqual({
      key: 'valley.rules.chariot.ask',
      values: { card: '#statue-of-isis' },
    });
    expect(t.s.stack.at(-1)?.q?.publicText).toEqual({
      key: 'valley.rules.chariot.public',
      values: { seat: '@0' },
    });
    const from = t.log.length;
    t.choose(0, 'Urn');
    expect(checked(t, from)).toEqual([
      '@0 discarded Urn (Chariot)',
      '@0 took Statue of Isis from the boneyard (Chariot)',
    ]);
  });

  it('Burial Mask: where each card lies is a message after its name', () => {
    const t = table({ players: 2, hands: [['burial-mask', 'urn'], []], discards: [['shabti'], []] });
    t.play(0, 'burial-mask');
    checked(t);
    expect(t.options(0)).toEqual(['Urn (hand)', 'Shabti (discard pile)']);
    t.choose(0, 'Shabti');
    checked(t);
  });

  it('Duamutef Canopic Jar against Offering Table: the reveal option and its log line', () => {
    const t = table({
      players: 2,
      hands: [['duamutef-canopic-jar'], ['offering-table', 'statue-of-isis']],
    });
    t.play(0, 'duamutef-canopic-jar');
    checked(t);
    expect(t.prompt(1)).toBe('Duamutef Canopic Jar (@0): discard a card from your hand.');
    expect(t.waiting()).toBe('@1 is choosing a card to discard (Duamutef Canopic Jar)');
    const from = t.log.length;
    t.choose(1, 'Reveal Offering Table');
    expect(checked(t, from)).toEqual(['@1 revealed Offering Table and is not affected']);
  });

  it('Inner Sarcophagus counts the cards left to discard', () => {
    const t = table({
      players: 2,
      hands: [['inner-sarcophagus'], ['urn', 'shabti', 'censer', 'chariot', 'box-of-food']],
    });
    t.play(0, 'inner-sarcophagus');
    checked(t);
    expect(t.prompt(1)).toBe('Inner Sarcophagus (@0): discard down to 3 cards (2 more to discard).');
    t.choose(1, 'Urn');
    checked(t);
    expect(t.prompt(1)).toBe('Inner Sarcophagus (@0): discard down to 3 cards (1 more to discard).');
  });

  it('Shabti: swap and sacrifice options name cards and slots', () => {
    const t = table({
      players: 2,
      hands: [['shabti'], []],
      pyramid: ['urn', 'censer', null, null, null, 'statue-of-isis'],
    });
    t.play(0, 'shabti');
    checked(t);
    expect(t.options(0)).toContain('Swap Urn (base left) with Censer (base centre)');
    expect(t.options(0)).toContain('Sacrifice Statue of Isis (top)');
    const from = t.log.length;
    t.choose(0, 'Swap Urn (base left) with Censer');
    expect(checked(t, from)).toEqual(['@0 swapped Urn and Censer (Shabti)']);
  });

  it('Statue of Sobek: the revealed cards are a list; the seat question and the last card', () => {
    const t = table({
      players: 3,
      hands: [['statue-of-sobek'], [], []],
      decks: [['box-of-food', 'statue-of-isis', 'censer'], [], []],
    });
    t.play(0, 'statue-of-sobek');
    expect(checked(t).at(-1)).toBe('@0 revealed Censer, Statue of Isis, Box of Food (Statue of Sobek)');
    t.choose(0, 'Box of Food');
    checked(t);
    t.choose(0, 'Censer');
    checked(t);
    expect(t.prompt(0)).toBe('Statue of Sobek: whose discard pile gets Statue of Isis?');
    const from = t.log.length;
    t.choose(0, '@2');
    expect(checked(t, from)).toEqual(["@0 put Statue of Isis on top of @2's discard pile (Statue of Sobek)"]);
  });

  it('Senet Game: a hand without set cards is shown, in a message too', () => {
    const t = table({
      players: 2,
      hands: [['senet-game'], ['urn']],
      decks: [['shabti'], []],
    });
    t.play(0, 'senet-game');
    expect(checked(t).slice(-3)).toEqual([
      '@0 drew a card (Senet Game)',
      "@0 put Senet Game on top of @1's discard pile",
      '@1 has no set card and showed their hand to @0',
    ]);
  });

  it("Outer Sarcophagus: the log's message does not hold the face-down card", () => {
    const t = table({ players: 2, hands: [['outer-sarcophagus', 'censer'], []], decks: [['urn'], []] });
    t.play(0, 'outer-sarcophagus');
    checked(t);
    const from = t.log.length;
    t.choose(0, 'Censer');
    expect(checked(t, from)).toEqual([
      "@0 put a card from their hand on top of @1's deck and drew 1 (Outer Sarcophagus)",
    ]);
    expect(JSON.stringify(t.log.at(-1)?.text)).not.toContain('censer');
  });

  it("Censer and Goddess Nut: options built on a seat's or a slot's option", () => {
    const c = table({
      players: 3,
      hands: [['censer'], [], []],
      discards: [[], ['urn'], ['shabti']],
    });
    c.play(0, 'censer');
    checked(c);
    expect(c.options(0)).toEqual(['@1: take Urn', '@2: take Shabti']);
    const from = c.log.length;
    c.choose(0, '@2');
    expect(checked(c, from)).toEqual(["@0 took Shabti from @2's discard pile and left Censer there"]);

    const g = table({
      players: 2,
      hands: [['goddess-nut'], []],
      pyramid: ['urn', 'shabti', 'statue-of-isis', null, null, null],
    });
    g.play(0, 'goddess-nut');
    checked(g);
    expect(g.options(1)).toEqual(['Take Urn (base left)', 'Take Shabti (base centre)', 'Take nothing']);
    g.choose(1, 'Take nothing');
    checked(g);
  });

  it('Mirror Case: where it falls, as options and log lines with slot names', () => {
    const t = table({
      players: 2,
      hands: [['mirror-case'], []],
      pyramid: [null, 'censer', null, null, null, 'statue-of-isis'],
    });
    t.play(0, 'mirror-case');
    checked(t);
    t.choose(0, 'Statue of Isis (top)');
    checked(t);
  });

  it('Necklace, Offering Chapel and Tyet Amulet: hand-built options and asks', () => {
    const n = table({ players: 2, hands: [['necklace'], []], decks: [['boat', 'urn', 'shabti'], []] });
    n.play(0, 'necklace');
    checked(n);
    expect(n.options(0)).toEqual(['Yes, entomb the next card', 'No']);
    n.choose(0, 'Yes');
    checked(n);

    const o = table({ players: 2, hands: [['offering-chapel'], []], discards: [['urn'], ['censer']] });
    o.play(0, 'offering-chapel');
    checked(o);
    expect(o.prompt(1)).toBe(
      'Offering Chapel (@0): you may entomb the top card of your discard pile, Censer.',
    );
    o.choose(0, 'Entomb Urn').choose(1, 'Pass');
    checked(o);

    const y = table({
      players: 2,
      hands: [['statue-of-anubis', 'urn', 'tyet-amulet'], []],
      discards: [['shabti', 'box-of-food'], []],
    });
    y.play(0, 'statue-of-anubis').play(0, 'urn').play(0, 'tyet-amulet');
    checked(y);
    expect(y.options(0)).toEqual(['Statue of Anubis', 'Urn']);
    const from = y.log.length;
    y.choose(0, 'Urn');
    expect(checked(y, from)).toEqual([
      '@0 repeated Urn with Tyet Amulet',
      '@0 put Shabti from their discard pile on top of their deck (Urn)',
    ]);
  });

  it("gives each card's 'needs' its message", () => {
    for (const p of cardPrograms) {
      // null: an action that can always be executed, which needs nothing said.
      if (p.needs === null) continue;
      said(p.needs, `${p.id} needs`);
    }
  });

  it('a played game holds no English: every sentence of its states and views is a message', () => {
    // Fields that hold a sentence, wherever they sit (log lines, questions, options, the view's
    // waiting text, prompt and labels, the outcome's summary).
    const sentenceFields = new Set(['text', 'label', 'prompt', 'publicText', 'summary']);
    // The same message recurs (the log is in the state and in every view): each is checked once.
    const checkedMessages = new Set<string>();
    const sentences: string[] = [];
    /** Checks a message's values: seats, cards, terms, numbers, nested messages, or words (no sentence). */
    const values = (m: Message, path: string): void => {
      for (const [name, v] of Object.entries(m.values ?? {})) {
        const at = `${path}.${name}`;
        if (typeof v === 'object') message(v, at);
        else if (typeof v === 'string') {
          if (v.startsWith('~')) expect(en[v.slice(1)], `${at}: term '${v}'`).toBeDefined();
          else if (/\s/.test(v)) sentences.push(`${at}: ${v}`);
        }
      }
    };
    const message = (m: unknown, path: string): void => {
      const id = JSON.stringify(m);
      if (checkedMessages.has(id)) return;
      checkedMessages.add(id);
      said(m, path);
      values(m as Message, path);
    };
    const walk = (x: unknown, path: string, key: string): void => {
      if (sentenceFields.has(key) && x !== null) {
        message(x, path);
        return;
      }
      if (Array.isArray(x)) for (const [k, y] of x.entries()) walk(y, `${path}[${k}]`, key);
      else if (x !== null && typeof x === 'object') {
        // A message anywhere else (a frame's `paid`, a refusal's why) is checked as one too.
        if (typeof (x as { key?: unknown }).key === 'string') {
          message(x, path);
          return;
        }
        for (const [k, y] of Object.entries(x)) {
          // The card catalogue frozen into the game: names, not sentences (the table names cards by id).
          if (k === 'name' && /\.defs\.[^.]+$/.test(path)) continue;
          walk(y, `${path}.${k}`, k);
        }
      } else if (typeof x === 'string' && /\s/.test(x)) sentences.push(`${path}: ${x}`);
    };
    for (const [seed, players, pool] of [
      ['no-english-1', 2, undefined],
      ['no-english-2', 4, 'base-afterlife'],
    ] as const) {
      const rng = seedRng(seed);
      let s: ValleyState = valley.setup(pool ? { players, pool } : { players }, seed);
      for (let k = 0; k < 3000 && !s.finished; k++) {
        if (k % 7 === 0) {
          walk(s, 'state', '');
          for (const seat of [null, ...s.players.keys()]) walk(valley.view(s, seat), `view(${seat})`, '');
        }
        const seats = waitingFor(s);
        const seat = seats[nextInt(rng, seats.length)] as number;
        const actions = legalActions(s, seat);
        const r = apply(s, seat, actions[nextInt(rng, actions.length)] as ValleyAction);
        if (!r.ok) throw new Error(english(r.error.msg));
        s = r.state;
      }
      expect(s.finished).toBe(true);
      walk(s, 'state', '');
      for (const seat of [null, ...s.players.keys()]) walk(valley.view(s, seat), `view(${seat})`, '');
      expect(valley.view(s, null).outcome?.summary).toBeDefined();
    }
    expect(sentences, 'strings that are sentences, not messages').toEqual([]);
    expect(checkedMessages.size).toBeGreaterThan(500);
  });

  it('uses only keys that both catalogues hold, the Spanish written for each sentence', () => {
    // The keys the card programs name in their source, beside those the positions above produced.
    const dir = new URL('../../../src/games/valley/cards/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      for (const [, key] of source.matchAll(/'([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g))
        used.add(key?.startsWith('valley.') ? key : `valley.rules.${key}`);
    }
    expect(used.size).toBeGreaterThan(150);
    // Not sentences, or the same word in both languages.
    const alike = new Set(['valley.rules.necklace.no']);
    for (const key of used) {
      expect(key).toMatch(/^valley\.rules\.[a-z0-9.-]+$/);
      expect(en[key], `${key} in en.json`).toBeDefined();
      expect(es[key], `${key} in es.json`).toBeDefined();
      let words = en[key] as string;
      for (let k = 0; k < 4; k++) words = words.replace(/\{[^{}]*\}/g, '');
      words = words.replace(/[^A-Za-z]/g, '');
      if (words.length > 0 && !alike.has(key)) expect(es[key], key).not.toBe(en[key]);
    }
  });
});
