import { nextInt, type RngState, seedRng } from '../../../games/kernel/rng.ts';
import type { Seat } from '../../../games/kernel/types.ts';
import { baseCatalog } from '../../../games/valley/catalog.ts';
import { applyInPlace, valley, waitingFor } from '../../../games/valley/index.ts';
import { type PositionSpec, position } from '../../../games/valley/position.ts';
import type { ValleyAction, ValleyState } from '../../../games/valley/state.ts';

/** The samples are base-box games: their pictures show the base sets only. */
const basePosition = (spec: PositionSpec) => position(spec, baseCatalog);

/**
 * Positions from seeded random games, for the gallery, the benchmark and the render tests. The policy
 * leans towards buying (uniform choices rarely empty the pyramid, so games would not end).
 */
function pick(rng: RngState, actions: ValleyAction[]): ValleyAction | undefined {
  const of = (t: ValleyAction['type']) => actions.filter((a) => a.type === t);
  const r = nextInt(rng, 100);
  const tries: ValleyAction[][] =
    r < 60 ? [of('buy'), of('play')] : r < 80 ? [of('play'), of('entomb')] : r < 92 ? [of('entomb')] : [];
  tries.push(of('answer'), actions);
  const list = tries.find((l) => l.length > 0);
  return list ? list[nextInt(rng, list.length)] : undefined;
}

/**
 * Plays one random game, calling `visit` after setup and after every action with the state (for the
 * caller to turn into views) and the seat that just acted. Stops when the game ends or after `maxSteps`.
 */
export function playRandom(
  players: number,
  seed: string,
  visit: (s: ValleyState, step: number) => void,
  maxSteps = 5000,
): ValleyState {
  // Today's cards (options without a pin deal the catalog of 2026-11-28).
  const s = valley.setup(valley.catalogs?.pin({ players }) ?? { players }, seed);
  const rng = seedRng(`policy:${seed}`);
  visit(s, 0);
  for (let step = 1; step <= maxSteps && !s.finished; step++) {
    const seats: Seat[] = waitingFor(s);
    const seat = seats[nextInt(rng, seats.length)] as Seat;
    const action = pick(rng, valley.legalActions(s, seat));
    if (!action) throw new Error(`seat ${seat} is waited for but has no legal action (seed ${seed})`);
    applyInPlace(s, seat, action);
    visit(s, step);
  }
  return s;
}

/** A hand-made middle of a 4-player game: full tombs, an empty slot, a long name. For gallery and goldens. */
export function showcase(): ValleyState {
  return basePosition({
    players: 4,
    seat: 2,
    hands: [
      ['shabti', 'urn', 'statue-of-thoth', 'box-of-food', 'offering-table'],
      ['shabti', 'shabti', 'urn', 'urn', 'box-of-food'],
      ['book-of-the-dead', 'shabti', 'urn', 'weres-amulet', 'boat', 'censer'],
      ['shabti', 'urn', 'urn', 'box-of-food', 'offering-table'],
    ],
    decks: [['shabti', 'urn'], ['shabti'], ['urn', 'shabti', 'shabti'], []],
    discards: [['urn', 'shabti', 'box-of-food'], ['offering-table'], [], ['shabti', 'wadj-amulet']],
    tombs: [
      ['statue-of-anubis', 'statue-of-horus', 'statue-of-isis', 'shabti', 'shabti', 'tyet-amulet', 'chariot'],
      [
        'book-of-gates',
        'book-of-the-earth',
        'book-of-the-heavens',
        'book-of-the-heavens',
        'hapi-canopic-jar',
        'imseti-canopic-jar',
        'duamutef-canopic-jar',
        'inner-sarcophagus',
        'burial-mask',
        'ka-figurine',
        'urn',
        'box-of-food',
      ],
      ['middle-sarcophagus', 'outer-sarcophagus', 'djed-pillar-amulet', 'heart-scarab-amulet', 'shabti'],
      [],
    ],
    pyramid: [
      'statue-of-isis',
      'qebehsenuef-canopic-jar',
      'book-of-traversing-eternity',
      'mummified-cat',
      null,
      'statue-of-sobek',
    ],
    stock: ['statue-of-osiris', 'book-of-the-netherworld', 'weres-amulet', 'statue-of-bastet'],
    boneyard: ['urn', 'heart-scarab-amulet'],
    turnsTaken: [5, 5, 4, 4],
  });
}

/** The end of a game whose first place is decided by the fewest tomb cards. */
export function finale(): ValleyState {
  const s = basePosition({
    players: 3,
    tombs: [
      ['statue-of-anubis', 'statue-of-horus', 'statue-of-isis', 'boat', 'shabti', 'urn', 'urn'],
      ['book-of-gates', 'book-of-the-dead', 'book-of-the-earth', 'burial-mask', 'chariot', 'censer'],
      [
        'hapi-canopic-jar',
        'imseti-canopic-jar',
        'tyet-amulet',
        'wadj-amulet',
        'shabti',
        'shabti',
        'urn',
        'box-of-food',
      ],
    ],
    pyramid: [null, null, null, null, null, null],
    turnsTaken: [9, 9, 9],
  });
  s.finished = true;
  return s;
}

/** Edge cases for review: a nine-card hand under Statue of Thoth, a tomb of every group, a shared place. */
export function extremes(): ValleyState {
  const s = basePosition({
    players: 4,
    seat: 0,
    hands: [
      [
        'shabti',
        'urn',
        'statue-of-thoth',
        'box-of-food',
        'offering-table',
        'boat',
        'book-of-gates',
        'wadj-amulet',
        'inner-sarcophagus',
      ],
      [],
      [],
      [],
    ],
    tombs: [
      ['shabti', 'urn', 'urn'],
      [
        ...['statue-of-anubis', 'statue-of-bastet', 'statue-of-horus', 'statue-of-isis', 'statue-of-osiris'],
        ...['statue-of-sobek', 'statue-of-thoth', 'book-of-gates', 'book-of-the-dead', 'djed-pillar-amulet'],
        ...['hapi-canopic-jar', 'inner-sarcophagus', 'boat', 'censer', 'chariot', 'ka-figurine'],
        ...[
          'burial-mask',
          'mummified-cat',
          'shabti',
          'urn',
          'box-of-food',
          'offering-table',
          'statue-of-isis',
        ],
      ],
      ['shabti', 'urn', 'urn'],
      ['boat'],
    ],
    pyramid: [null, 'statue-of-isis', null, null, null, null],
    turnsTaken: [9, 9, 9, 9],
  });
  s.turn.thoth = true;
  return s;
}

/** Six seats with both boxes' cards (the compact seat blocks, the Afterlife sets); `finished` for the results. */
export function sixSeats(finished = false): ValleyState {
  const s = position({
    players: 6,
    seat: 3,
    hands: [['urn'], ['shabti', 'ring'], [], ['judgment', 'urn', 'shabti'], ['axe'], []],
    tombs: [
      ['necklace', 'brooch', 'mirror-case', 'ring', 'dagger', 'bow', 'axe'],
      ['goddess-nut', 'judgment', 'pesesh-kef', 'burial-ceremony', 'antechamber', 'offering-chapel'],
      ['hounds-and-jackals-game', 'senet-game', 'statue-of-isis', 'book-of-gates', 'urn'],
      ['shabti', 'shabti', 'box-of-food'],
      ['statue-of-horus', 'statue-of-anubis', 'tyet-amulet', 'wadj-amulet', 'shabti'],
      ['boat', 'censer', 'offering-table'],
    ],
    discards: [['urn'], ['antechamber'], [], ['shabti'], ['censer'], ['box-of-food']],
    pyramid: finished
      ? [null, null, null, null, null, null]
      : ['pesesh-kef', 'ring', 'antechamber', 'axe', 'judgment', 'senet-game'],
    stock: finished ? [] : ['urn', 'dagger', 'bow'],
    boneyard: ['burial-ceremony'],
    turnsTaken: finished ? [20, 20, 20, 20, 20, 20] : [4, 4, 4, 3, 3, 3],
  });
  s.options = { players: 6, firstSeat: 0, pool: 'base-afterlife' };
  s.finished = finished;
  return s;
}
