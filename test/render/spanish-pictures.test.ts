import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderTreasureCard } from '../../src/adapters/archaeology/pictures/card-image.ts';
import { renderArchaeologyHand } from '../../src/adapters/archaeology/pictures/hand-image.ts';
import {
  describeHand as describeArchaeologyHand,
  describeResults as describeArchaeologyResults,
  describeTable as describeArchaeologyTable,
} from '../../src/adapters/archaeology/pictures/picture-text.ts';
import { renderArchaeologyResults } from '../../src/adapters/archaeology/pictures/results-image.ts';
import { archaeologyFinale, archaeologyMidGame } from '../../src/adapters/archaeology/pictures/samples.ts';
import { renderArchaeologyTable } from '../../src/adapters/archaeology/pictures/table-image.ts';
import { canvasArchaeologyPictures } from '../../src/adapters/archaeology/pictures.ts';
import { renderCard } from '../../src/adapters/valley/pictures/card-face.ts';
import { renderHand } from '../../src/adapters/valley/pictures/hand-image.ts';
import {
  describeCard,
  describeHand,
  describeResults,
  describeTable,
  describeTomb,
} from '../../src/adapters/valley/pictures/picture-text.ts';
import { renderResults } from '../../src/adapters/valley/pictures/results-image.ts';
import { finale, playRandom, showcase, sixSeats } from '../../src/adapters/valley/pictures/samples.ts';
import { renderTable } from '../../src/adapters/valley/pictures/table-image.ts';
import { renderTomb } from '../../src/adapters/valley/pictures/tomb-image.ts';
import { canvasPictures } from '../../src/adapters/valley/pictures.ts';
import { archaeologyCatalog } from '../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import { baseCatalog, fullCatalog } from '../../src/games/valley/catalog.ts';
import { valley } from '../../src/games/valley/index.ts';
import { position } from '../../src/games/valley/position.ts';
import { defsFrom } from '../../src/games/valley/setup.ts';
import { decode, NAMES } from './png-util.ts';

/**
 * The pictures in Spanish: golden images (the same mechanism as golden.test.ts: a missing golden is
 * written, UPDATE_GOLDEN=1 rewrites them) and the text equivalents, which must say every word in
 * Spanish while the English ones stay as they were.
 */
const dir = fileURLToPath(new URL('./golden/', import.meta.url));
const MAX_DIFF = 0.002;

function compare(name: string, png: Buffer) {
  const file = `${dir}${name}.png`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, png);
    console.warn(`golden image written: test/render/golden/${name}.png — look at it and commit it`);
    return;
  }
  const want = decode(readFileSync(file));
  const got = decode(png);
  expect({ width: got.width, height: got.height }, `${name}: size`).toEqual({
    width: want.width,
    height: want.height,
  });
  const diff = new PNG({ width: want.width, height: want.height });
  const bad = pixelmatch(want.data, got.data, diff.data, want.width, want.height, { threshold: 0.1 });
  if (bad / (want.width * want.height) > MAX_DIFF) {
    const out = fileURLToPath(new URL(`../.output/${name}.diff.png`, import.meta.url));
    mkdirSync(fileURLToPath(new URL('../.output/', import.meta.url)), { recursive: true });
    writeFileSync(out, PNG.sync.write(diff));
    writeFileSync(out.replace('.diff.png', '.actual.png'), png);
    expect.fail(`${name}: ${bad} pixels differ from the golden image; see test/.output/${name}.diff.png`);
  }
}

const ES = 'es';
const SIX = ['Alice', 'Bob the Builder', 'Carol', 'Dmitri', 'Eve', 'Fatima Al-Zahra'];
const fullDefs = defsFrom(fullCatalog);
const def = (id: string) => {
  const d = fullDefs[id];
  if (!d) throw new Error(id);
  return d;
};

/** English words the pictures draw or say; none may be left in a Spanish text of the pictures' own. */
const ENGLISH = [
  /\bVP\b/,
  /\bTurn\b/,
  /\bcards?\b/,
  /\bBoneyard\b/,
  /\bPyramid\b/,
  /\bStock\b/,
  /\bTomb\b/i,
  /\bhand\b/i,
  /\bdeck\b/,
  /\bdiscard\b/,
  /\bgold\b/,
  /\bcost\b/,
  /\bStarters?\b/,
  /\bUniques?\b/,
  /\bMarketplace\b/,
  /\bDig site\b/,
  /\bchamber\b/i,
  /\bsold\b/,
  /\bfor \$/,
  /\d+(st|nd|rd|th)\b/,
  /'s\b/,
];
const english = (text: string) => ENGLISH.filter((re) => re.test(text)).map(String);

describe('Spanish golden images', () => {
  const s = showcase();

  it('Valley: the table of a 4-player game in progress', () => {
    compare('es-table-showcase', renderTable(valley.view(s, null), NAMES, baseCatalog, ES));
  });
  it('Valley: six seats with both boxes', () => {
    compare('es-table-six', renderTable(valley.view(sixSeats(), null), SIX, fullCatalog, ES));
  });
  it('Valley: the hand of the seat to play', () => {
    compare('es-hand-showcase', renderHand(valley.view(s, 2), NAMES, baseCatalog, ES));
  });
  it('Valley: a tomb with three sets, uniques and starters', () => {
    compare('es-tomb-showcase', renderTomb(valley.view(s, null), 1, NAMES, baseCatalog, ES));
  });
  it('Valley: final results decided by the fewest tomb cards', () => {
    compare('es-results-finale', renderResults(valley.view(finale(), null), NAMES, baseCatalog, ES));
  });
  it('Valley: single card faces, a unique’s three numbers apart', () => {
    compare('es-card-statue-of-bastet', renderCard(def('statue-of-bastet'), fullCatalog, ES));
    compare('es-card-mummified-cat', renderCard(def('mummified-cat'), fullCatalog, ES));
  });

  const mid = archaeologyMidGame();
  it('Archaeology: the table of a 4-player game halfway', () => {
    compare('es-archaeology-table', renderArchaeologyTable(archaeology.view(mid, null), NAMES, ES));
  });
  it('Archaeology: the hand of the seat to play', () => {
    const png = renderArchaeologyHand(archaeology.view(mid, mid.turn.seat), ES);
    if (!png) throw new Error('no hand');
    compare('es-archaeology-hand', png);
  });
  it('Archaeology: the results', () => {
    compare(
      'es-archaeology-results',
      renderArchaeologyResults(archaeology.view(archaeologyFinale(), null), NAMES, ES),
    );
  });
  it('Archaeology: a treasure as /card shows it', () => {
    const parchment = archaeologyCatalog.treasures.find((t) => t.id === 'parchment');
    if (!parchment) throw new Error('no parchment');
    compare('es-archaeology-card-parchment', renderTreasureCard(parchment, ES));
  });
});

describe('Spanish text equivalents of Valley', () => {
  it('describes the board in Spanish', () => {
    const lines = describeTable(valley.view(showcase(), null), NAMES, baseCatalog, ES).split('\n');
    expect(lines[0]).toBe('Turno 1: le toca a Chione.');
    expect(lines[1]).toBe(
      'Base de la pirámide (se puede comprar): Estatua de Isis (Estatuas, conjunto de 7, nivel III, coste 7, oro 3); Vaso canopo de Qebehsenuef (Vasos canopos, conjunto de 4, nivel III, coste 5, oro 2); Libro de recorrer la eternidad (Libros, conjunto de 6, nivel II, coste 4, oro 2).',
    );
    expect(lines[2]).toBe(
      'Fila central: Gato momificado (Única, nivel II, coste 4, oro 2, 3 PV); vacío. Cima: Estatua de Sobek (Estatuas, conjunto de 7, nivel III, coste 6, oro 2).',
    );
    expect(lines[3]).toBe(
      'Reserva: 4 cartas. Cementerio: 2 cartas, arriba Amuleto del escarabajo del corazón.',
    );
    expect(lines[5]).toBe(
      'Bek: 27 PV; mano 5, mazo 1, descarte 1 (arriba Mesa de ofrendas); tumba con 12 cartas (Libros 3/6, Vasos canopos 3/4, Sarcófagos 1/3, Únicas 2, Iniciales 2).',
    );
    expect(lines[6]).toMatch(/^Chione \(le toca\): 9 PV;/);
    expect(english(lines.join('\n'))).toEqual([]);
  });

  it('describes a hand, with what a card pays under Statue of Thoth', () => {
    const s = position({ players: 2, hands: [['shabti', 'statue-of-isis'], ['urn']] });
    expect(describeHand(valley.view(s, 0), NAMES, baseCatalog, ES).split('\n')[0]).toBe(
      'Mano de Amunet, 2 cartas, 4 de oro: Shabti (Inicial, nivel I, coste 1, oro 1, 1 PV); Estatua de Isis (Estatuas, conjunto de 7, nivel III, coste 7, oro 3).',
    );
    s.turn.thoth = true;
    expect(describeHand(valley.view(s, 0), NAMES, baseCatalog, ES)).toContain(
      'Shabti (Inicial, nivel I, coste 1, oro 1, 1 PV), ahora paga 4 de oro',
    );
    const empty = position({ players: 2, hands: [[], ['urn']] });
    expect(describeHand(valley.view(empty, 0), NAMES, baseCatalog, ES).split('\n')[0]).toBe(
      'La mano de Amunet está vacía.',
    );
  });

  it('groups a tomb in Spanish', () => {
    expect(describeTomb(valley.view(showcase(), null), 1, NAMES, baseCatalog, ES)).toBe(
      [
        'Tumba de Bek: 12 cartas, 27 PV.',
        '- Libros, 3 de 6 distintas: Libro de las puertas, Libro de la tierra, Libro de los cielos ×2 = 3² = 9 PV',
        '- Vasos canopos, 3 de 4 distintas: Vaso canopo de Hapi, Vaso canopo de Imseti, Vaso canopo de Duamutef = 3² = 9 PV',
        '- Sarcófagos, 1 de 3 distintas: Sarcófago interior = 1² = 1 PV',
        '- Únicas: Máscara funeraria, Figurilla del ka = 6 PV',
        '- Iniciales: Urna, Caja de comida = 2 PV',
      ].join('\n'),
    );
    expect(describeTomb(valley.view(showcase(), null), 3, NAMES, baseCatalog, ES)).toBe(
      'Tumba de Djedi: 0 cartas, 0 PV. Está vacía.',
    );
  });

  it('ranks the results in Spanish, places shared', () => {
    const rows = describeResults(valley.view(finale(), null), NAMES, baseCatalog, ES).split('\n');
    expect(rows[0]).toMatch(/^Resultados finales\. /);
    expect(rows.slice(1)).toEqual([
      '1.º Bek: 16 PV (6 cartas en la tumba) = Libros 9 + Únicas 7.',
      '2.º Amunet: 16 PV (7 cartas en la tumba) = Estatuas 9 + Únicas 4 + Iniciales 3.',
      '3.º Chione: 12 PV (8 cartas en la tumba) = Amuletos 4 + Vasos canopos 4 + Iniciales 4.',
    ]);
    const s = position({
      players: 3,
      tombs: [['shabti'], ['boat'], ['urn']],
      pyramid: [null, null, null, null, null, null],
    });
    s.finished = true;
    expect(describeResults(valley.view(s, null), NAMES, baseCatalog, ES).split('\n').slice(1)).toEqual([
      '1.º Bek: 4 PV (1 carta en la tumba) = Únicas 4.',
      '2.º (empate) Amunet: 1 PV (1 carta en la tumba) = Iniciales 1.',
      '2.º (empate) Chione: 1 PV (1 carta en la tumba) = Iniciales 1.',
    ]);
  });

  it('describes a card in Spanish, saying which numbers are provisional', () => {
    expect(describeCard(def('statue-of-bastet'), fullCatalog, ES)).toBe(
      'Estatua de Bastet (Estatuas, conjunto de 7, nivel II, coste 4, oro 2). Provisionales: oro.',
    );
    expect(describeCard(def('shabti'), fullCatalog, ES)).toBe(
      'Shabti (Inicial, nivel I, coste 1, oro 1, 1 PV). Provisionales: coste, oro.',
    );
  });

  it('the port draws and describes in the reader’s language, English as before', () => {
    const pictures = canvasPictures(baseCatalog);
    const card = pictures.card('statue-of-bastet', ES);
    expect(card.alt).toContain('Estatua de Bastet');
    expect(pictures.card('statue-of-bastet', 'en').alt).toContain('Statue of Bastet');
    const view = valley.view(showcase(), null);
    const table = pictures.table(view, { names: NAMES, language: ES });
    expect(table.alt).toContain('Base de la pirámide');
    expect(table.png.equals(renderTable(view, NAMES, baseCatalog, ES))).toBe(true);
    const en = pictures.table(view, { names: NAMES, language: 'en' });
    expect(en.alt).toBe(describeTable(view, NAMES, baseCatalog));
    expect(en.png.equals(renderTable(view, NAMES, baseCatalog))).toBe(true);
    const tombs = pictures.tombs(view, { names: NAMES, language: ES });
    expect(tombs.map((t) => t.alt.split(':')[0])).toEqual(NAMES.slice(0, 4).map((n) => `Tumba de ${n}`));
    const results = pictures.results(valley.view(finale(), null), { names: NAMES, language: ES });
    expect(results.alt).toContain('1.º Bek: 16 PV');
  });

  it('a seat without a drawable name is “Jugador N” in Spanish', () => {
    const view = valley.view(showcase(), null);
    expect(describeTable(view, ['', 'Bek', 'Chione', 'Djedi'], baseCatalog, ES)).toContain(
      'Jugador 1: 14 PV',
    );
  });
});

describe('every Spanish picture renders for the views of a random game', () => {
  it('Valley, 3 players', () => {
    const names = NAMES.slice(0, 3);
    const pictures = canvasPictures(baseCatalog);
    const reader = { names, language: ES };
    let positions = 0;
    const end = playRandom(3, 'fuzz-b', (s, step) => {
      if (step % 15 !== 0) return;
      positions++;
      const pub = valley.view(s, null);
      expect(pictures.table(pub, reader).alt).toMatch(/^Turno \d+[:,] /);
      const seat = valley.waitingFor(s)[0] ?? s.turn.seat;
      expect(pictures.hand(valley.view(s, seat), reader).alt).toContain(names[seat]);
      for (const tomb of pictures.tombs(pub, reader)) expect(tomb.alt).toMatch(/^Tumba de /);
    });
    const results = pictures.results(valley.view(end, null), reader);
    expect(results.alt).toMatch(/^Resultados finales\. /);
    expect(english(results.alt.split('\n').slice(1).join('\n'))).toEqual([]);
    expect(positions).toBeGreaterThan(5);
  });
});

describe('Spanish text equivalents of Archaeology', () => {
  const mid = archaeologyMidGame();

  it('describes the table in Spanish', () => {
    const text = describeArchaeologyTable(archaeology.view(mid, null), NAMES, ES);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^Turno \d+: le toca a \w+\.$/);
    expect(lines[1]).toMatch(/^Mercado: /);
    expect(lines[2]).toMatch(
      /^Yacimiento: \d+ cartas?; han salido \d de \d ladrones y \d de \d tormentas de arena\.$/,
    );
    expect(lines[3]).toMatch(/^Pirámide: Cámara pequeña /);
    expect(text).toContain('Cámara grande con 7 cartas y 3 mapas');
    expect(lines[4]).toMatch(/^Amunet: \d+ en la mano, \d+ \$ \(/);
    expect(english(text)).toEqual([]);
  });

  it('describes the hand with what selling would earn', () => {
    const text = describeArchaeologyHand(archaeology.view(mid, mid.turn.seat), ES);
    expect(text).toMatch(/^Tu mano: /);
    expect(text).toContain('Vender ahora daría: ');
    expect(text).toMatch(/1 Moneda por \d+ \$/);
    expect(english(text)).toEqual([]);
  });

  it('describes the results with ranks and the sets sold', () => {
    const text = describeArchaeologyResults(archaeology.view(archaeologyFinale(), null), NAMES, ES);
    expect(text).toMatch(/^Resultados finales de Arqueología\. /);
    expect(text).toMatch(/1\. Chione: 75 \$, 15 cartas vendidas \(5 Fragmentos de vasija 25 \$ · /);
  });

  it('the port draws and describes in the reader’s language', () => {
    const view = archaeology.view(mid, mid.turn.seat);
    const hand = canvasArchaeologyPictures.hand(view, { names: NAMES, language: ES });
    expect(hand?.alt).toMatch(/^Tu mano: /);
    expect(canvasArchaeologyPictures.hand(view, { names: NAMES, language: 'en' })?.alt).toMatch(
      /^Your hand: /,
    );
    const table = canvasArchaeologyPictures.table(archaeology.view(mid, null), {
      names: NAMES,
      language: ES,
    });
    expect(table.alt).toContain('Mercado: ');
  });
});
