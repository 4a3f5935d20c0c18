import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import archaeologyBox from '../../assets/cards/archaeology.json' with { type: 'json' };
import archaeologyFirst from '../../assets/cards/history/archaeology-7b5be41b63c7.json' with { type: 'json' };
import valleyBaseFirst from '../../assets/cards/history/valley-base-69e56ee70822.json' with { type: 'json' };
import valleyBaseBox from '../../assets/cards/valley-base.json' with { type: 'json' };
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import { archaeologyBook } from '../../src/games/archaeology/catalog-versions.ts';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import type { CatalogBook } from '../../src/games/kernel/catalog-book.ts';
import { type AnyGame, getGame } from '../../src/games/registry.ts';
import { botMove } from '../../src/games/valley/bots/index.ts';
import { afterlifeBook, baseBook } from '../../src/games/valley/catalog-versions.ts';
import type { ValleyState } from '../../src/games/valley/state.ts';
import { dealtOptions } from '../../src/store/catalog-pins.ts';
import { openDatabase } from '../../src/store/database.ts';
import { exportGame, ImportError, importGame } from '../../src/store/export-import.ts';
import type { GameStore } from '../../src/store/game-store.ts';
import { GameStore as Store } from '../../src/store/game-store.ts';
import { replay } from '../../src/store/replay.ts';
import { verifyAll } from '../../src/store/verify.ts';
import { ReplayPositions } from '../../src/table-kit/replay-positions.ts';
import { runGamesCli } from '../../src/tools/games.ts';
import { removeDir } from '../remove-dir.ts';
import { availableBackends } from './helpers/backends.ts';
import { memoryStore } from './helpers/memory-store.ts';
import { CHANNEL, GUILD, user } from './helpers/snowflake-games.ts';
import { verifyStore } from './helpers/verify-store.ts';

/**
 * Editing a number of a card catalog (assets/cards) deals new games only: every game started before keeps
 * the catalog version pinned in its options, so it replays — in `verify`, an import, `/replay`, a restart —
 * to the same results forever, and `verify` names the version it was dealt with. An edit is simulated as
 * the rules would see the edited file once kept (`CatalogBook.simulateEdit`).
 */
const EDITED = 'e0e0e0e0e0e0';

type Doc = Record<string, unknown> & { cards?: Card[]; treasures?: Treasure[] };
type Num = { value: number };
type Card = { id: string; kind: string; level: number; gold: Num; cost: Num; vp: Num | null };
type Treasure = { id: string; copies: Num; trade: Num; prices: Num[] };

const edited = (raw: unknown, change: (doc: Doc) => void): unknown => {
  const doc = structuredClone(raw) as Doc;
  change(doc);
  return doc;
};

let restore: (() => void)[] = [];
afterEach(() => {
  for (const r of restore.reverse()) r();
  restore = [];
});
const simulateEdit = (book: CatalogBook<unknown>, version: string, raw: unknown) =>
  restore.push(book.simulateEdit(version, raw));

interface Game {
  readonly type: 'valley' | 'archaeology';
  readonly players: number;
  readonly move: (state: unknown, seat: number) => unknown;
  readonly book: CatalogBook<unknown>;
}
const VALLEY: Game = {
  type: 'valley',
  players: 2,
  move: (s, seat) => botMove(s as ValleyState, seat, 'heuristic'),
  book: baseBook,
};
const ARCHAEOLOGY: Game = {
  type: 'archaeology',
  players: 3,
  move: (s, seat) => archaeologyBotMove(s as ArchaeologyState, seat, 'heuristic'),
  book: archaeologyBook,
};

function start(store: GameStore, g: Game, seed: string): number {
  const lobby = store.lobbies.create({
    type: g.type,
    seed,
    options: {},
    channelId: CHANNEL,
    guildId: GUILD,
    hostUserId: user(0),
    seats: Array.from({ length: g.players }, (_, i) => ({ userId: user(i), displayName: `P${i}` })),
  });
  return store.startGame(lobby.id).id;
}

/** Plays game `id` with computer moves, to the end or for `moves` moves. */
function play(store: GameStore, g: Game, id: number, moves = Number.POSITIVE_INFINITY): void {
  const module = getGame(g.type);
  for (let n = 0; n < moves && store.getGame(id).status === 'active'; n++) {
    const game = store.getGame(id);
    const seat = module.waitingFor(game.state)[0] as number;
    store.applyAction(id, { seat, action: g.move(game.state, seat), expectedVersion: game.version });
  }
}

/** The final position of a stored game as `/replay` rebuilds it, and its outcome. */
function replayedOutcome(store: GameStore, id: number): unknown {
  const game = store.getGame(id);
  const module = getGame(game.type);
  const positions = ReplayPositions.build(module, {
    options: JSON.parse(dealtOptions(module, JSON.stringify(game.options), game.seed, game.state)),
    seed: game.seed,
    actions: store.actionLog(id).map((a) => ({ seat: a.seat, action: a.action })),
  });
  return module.outcome(positions.at(positions.moves));
}

/** What the rules would make of a stored game replayed with `pin` instead of its own. */
function replayedWith(store: GameStore, id: number, pins: Record<string, string>) {
  const game = store.getGame(id);
  const module = getGame(game.type) as AnyGame;
  const result = replay(module, {
    type: game.type,
    options: JSON.stringify({ ...(game.options as object), catalogs: pins }),
    seed: game.seed,
    actions: store.actionLog(id).map((a) => ({ seq: a.seq, seat: a.seat, action: JSON.stringify(a.action) })),
  });
  return result.ok ? result.outcome : `refused at #${result.seq}`;
}

const EDITS: {
  game: Game;
  kind: string;
  raw: unknown;
  change: (doc: Doc) => void;
  check: (s: unknown) => void;
}[] = [
  {
    game: VALLEY,
    kind: 'cost',
    raw: valleyBaseBox,
    change: (d) => {
      for (const c of d.cards ?? []) if (c.kind !== 'starter') c.cost.value += 2;
    },
    check: (s) => expect((s as ValleyState).defs['statue-of-bastet']?.cost).toBe(6),
  },
  {
    game: VALLEY,
    kind: 'gold',
    raw: valleyBaseBox,
    change: (d) => {
      for (const c of d.cards ?? []) c.gold.value = Math.max(0, c.gold.value - 1);
    },
    check: (s) => expect((s as ValleyState).defs['tyet-amulet']?.gold).toBe(1),
  },
  {
    game: VALLEY,
    kind: 'VP',
    raw: valleyBaseBox,
    change: (d) => {
      for (const c of d.cards ?? []) if (c.vp !== null) c.vp.value += 3;
    },
    check: (s) => {
      const defs = (s as ValleyState).defs;
      const today = (valleyBaseBox.cards as unknown as Card[]).find((c) => c.kind === 'unique') as Card;
      expect(defs[today.id]?.vp).toBe((today.vp?.value ?? 0) + 3);
    },
  },
  {
    game: ARCHAEOLOGY,
    kind: 'trading value',
    raw: archaeologyBox,
    change: (d) => {
      for (const t of d.treasures ?? []) if (t.id === 'talisman') t.trade.value += 3;
    },
    check: (s) => {
      const today = (archaeologyBox.treasures as unknown as Treasure[]).find((t) => t.id === 'talisman');
      expect((s as ArchaeologyState).numbers.talisman.trade).toBe((today?.trade.value ?? 0) + 3);
    },
  },
  {
    game: ARCHAEOLOGY,
    kind: 'copies',
    raw: archaeologyBox,
    change: (d) => {
      for (const t of d.treasures ?? []) if (t.id === 'pot-shard' || t.id === 'coin') t.copies.value += 3;
    },
    check: (s) => {
      const cards = (s as ArchaeologyState).cards;
      const today = (archaeologyBox.treasures as unknown as Treasure[]).find(
        (t) => t.id === 'coin',
      ) as Treasure;
      expect(cards.filter((k) => k === 'coin')).toHaveLength(today.copies.value + 3);
    },
  },
  {
    game: ARCHAEOLOGY,
    kind: 'price',
    raw: archaeologyBox,
    change: (d) => {
      for (const t of d.treasures ?? []) for (const p of t.prices) p.value += 5;
    },
    check: (s) => expect((s as ArchaeologyState).numbers.parchment.prices[0]).toBe(6),
  },
];

/** Per game: games played to the end and one under way, all dealt with today's catalog, before any edit. */
const played = new Map<
  Game,
  { store: GameStore; finished: number[]; unfinished: number; outcomes: unknown[] }
>();
beforeAll(() => {
  for (const g of [VALLEY, ARCHAEOLOGY]) {
    const store = memoryStore();
    // One Valley game is enough for each edit to matter (checked below); Archaeology's are shorter.
    const finished = (g === VALLEY ? [1] : [1, 2]).map((k) => {
      const id = start(store, g, `edit-${k}`);
      play(store, g, id);
      return id;
    });
    const unfinished = start(store, g, 'edit-open');
    play(store, g, unfinished, 12);
    played.set(g, { store, finished, unfinished, outcomes: finished.map((id) => store.getGame(id).outcome) });
  }
});
afterAll(() => {
  for (const { store } of played.values()) store.database.close();
});

describe('an edit of a card catalog deals new games only', () => {
  for (const { game: g, kind, raw, change, check } of EDITS)
    it(`${g.type}: a ${kind} edit — older games replay, verify and import as they were; a new game deals it`, () => {
      const { store, finished, unfinished, outcomes } = played.get(g) as NonNullable<
        ReturnType<typeof played.get>
      >;
      const dealtWith = g.book.current;
      simulateEdit(g.book, EDITED, edited(raw, change));
      // The edit matters: with it, some older game would replay differently or not at all.
      const withEdit = finished.map((id) => replayedWith(store, id, { [g.book.name]: EDITED }));
      expect(withEdit).not.toEqual(outcomes);

      const report = verifyAll(store.database);
      expect(report.problems).toEqual([]);
      const older = report.olderCatalogs.filter((n) => [...finished, unfinished].includes(n.gameId));
      expect(older.map((n) => n.problem)).toEqual(
        [...finished, unfinished].map(
          () => `dealt with catalog ${g.book.name}@${dealtWith}, current is ${EDITED}`,
        ),
      );
      // A restart (a new store on the same database), `/replay`, an import: the same results.
      const restarted = new Store(store.database);
      const elsewhere = memoryStore();
      for (const [i, id] of finished.entries()) {
        expect(replayedOutcome(restarted, id)).toEqual(outcomes[i]);
        const copy = importGame(elsewhere.database, exportGame(store.database, id));
        expect(elsewhere.getGame(copy).outcome).toEqual(outcomes[i]);
      }
      elsewhere.database.close();
      // The game under way goes on with the numbers it was dealt.
      play(restarted, g, unfinished, 4);

      expect(verifyAll(store.database).problems).toEqual([]);

      // A new game (in a store of its own: the simulated version is gone once the test ends).
      const other = memoryStore();
      const fresh = start(other, g, `edit-${kind}-new`);
      expect((other.getGame(fresh).options as { catalogs: unknown }).catalogs).toMatchObject({
        [g.book.name]: EDITED,
      });
      check(other.getGame(fresh).state);
      play(other, g, fresh, 12);
      expect(verifyAll(other.database)).toMatchObject({ checked: 1, problems: [], olderCatalogs: [] });
      other.database.close();
    });
});

describe('games stored before pins existed', () => {
  for (const [g, first, version] of [
    [VALLEY, valleyBaseFirst, '69e56ee70822'],
    [ARCHAEOLOGY, archaeologyFirst, '7b5be41b63c7'],
  ] as const)
    it(`${g.type}: replay with the kept version that deals their state (here ${version}), else the unpinned rule's`, () => {
      const store = memoryStore();
      // Dealt when the first version of the file was today's, then stored without a pin, as before pins.
      simulateEdit(g.book, version, first);
      const old = start(store, g, 'unpinned-old');
      play(store, g, old);
      restore.pop()?.();
      const today = start(store, g, 'unpinned-today');
      play(store, g, today, 20);
      for (const id of [old, today]) {
        const options = { ...(store.getGame(id).options as Record<string, unknown>) };
        delete options.catalogs;
        store.database.sqlite
          .prepare('UPDATE games SET options = ? WHERE id = ?')
          .run(JSON.stringify(options), id);
      }
      const restarted = new Store(store.database);
      const outcome = store.getGame(old).outcome;
      expect(restarted.getGame(old).options).not.toHaveProperty('catalogs');

      const report = verifyAll(store.database);
      expect(report.problems).toEqual([]);
      expect(report.olderCatalogs).toEqual([
        {
          gameId: old,
          type: g.type,
          problem: `dealt with catalog ${g.book.name}@${version}, current is ${g.book.current}`,
        },
      ]);
      expect(replayedOutcome(restarted, old)).toEqual(outcome);
      const copy = importGame(store.database, exportGame(store.database, old));
      expect(restarted.getGame(copy).outcome).toEqual(outcome);
      store.database.close();
    });
});

describe('importing a record pinned to a catalog version not kept here', () => {
  it('is refused, naming the version, and stores nothing', () => {
    const store = memoryStore();
    const id = start(store, ARCHAEOLOGY, 'unknown-version');
    play(store, ARCHAEOLOGY, id, 5);
    const record = exportGame(store.database, id);
    (record.game.options as { catalogs: Record<string, string> }).catalogs.archaeology = 'ffffffffffff';
    expect(() => importGame(store.database, record)).toThrow(ImportError);
    expect(() => importGame(store.database, record)).toThrow(
      'its options are refused: invalid Archaeology options: the card catalog archaeology@ffffffffffff is not kept here',
    );
    expect(verifyAll(store.database).checked).toBe(1);
    store.database.close();
  });
});

describe('`npm run games -- verify` and `import` after an edit', () => {
  it('say which games were dealt with an earlier catalog, and find them consistent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scarab-catalog-'));
    try {
      const path = join(dir, 'games.db');
      const store = new Store(openDatabase(path));
      const id = start(store, ARCHAEOLOGY, 'cli');
      play(store, ARCHAEOLOGY, id);
      store.database.close();
      const dealt = archaeologyBook.current;
      const edit = edited(archaeologyBox, (d) => {
        for (const t of d.treasures ?? []) for (const p of t.prices) p.value += 5;
      });
      simulateEdit(archaeologyBook, EDITED, edit);
      const out: string[] = [];
      const io = {
        stdout: (t: string) => out.push(t),
        stderr: (t: string) => out.push(`error: ${t}`),
        env: { DATABASE_PATH: path },
        readStdin: () => '',
      };
      const note = `dealt with catalog archaeology@${dealt}, current is ${EDITED}`;
      expect(await runGamesCli(['verify'], io)).toBe(0);
      expect(out).toEqual([
        `game #${id} (archaeology): consistent, ${note}`,
        'verified 1 games: all consistent',
      ]);
      out.length = 0;
      const file = join(dir, 'record.json');
      expect(await runGamesCli(['export', String(id), file], io)).toBe(0);
      // Into another database: this one holds the game already, which an import refuses.
      const elsewhere = { ...io, env: { DATABASE_PATH: join(dir, 'other.db') } };
      expect(await runGamesCli(['import', file], elsewhere)).toBe(0);
      expect(out.at(-1)).toBe(
        `imported game #${id} as game #1 (${note}); it counts in nobody’s statistics or ratings (--count-in-stats to count it)`,
      );
    } finally {
      removeDir(dir);
    }
  });
});

describe.each(availableBackends())('pins on $name', (backend) => {
  it('a game is pinned as it starts; after an edit it still verifies, and a new game is pinned to the edit', async () => {
    const opened = await backend.open();
    try {
      const { store } = opened;
      const begin = async (seed: string) => {
        const lobby = await store.lobbies.create({
          type: 'archaeology',
          seed,
          seats: [0, 1].map((i) => ({ userId: user(i), displayName: `P${i}` })),
        });
        return (await store.startGame(lobby.id)).id;
      };
      const id = await begin('pins-old');
      for (let n = 0; n < 30; n++) {
        const game = await store.getGame(id);
        if (game.status !== 'active') break;
        const seat = getGame('archaeology').waitingFor(game.state)[0] as number;
        await store.applyAction(id, {
          seat,
          action: ARCHAEOLOGY.move(game.state, seat),
          expectedVersion: game.version,
        });
      }
      const dealt = archaeologyBook.current;
      expect((await store.getGame(id)).options).toEqual({ players: 2, catalogs: { archaeology: dealt } });
      simulateEdit(
        archaeologyBook,
        EDITED,
        edited(archaeologyBox, (d) => {
          for (const t of d.treasures ?? []) if (t.id === 'talisman') t.trade.value += 3;
        }),
      );
      const fresh = await begin('pins-new');
      expect((await store.getGame(fresh)).options).toEqual({ players: 2, catalogs: { archaeology: EDITED } });
      expect(await verifyStore(store)).toEqual({ checked: 2, problems: [] });
    } finally {
      await opened.close();
    }
  });
});

describe('a lobby after an edit', () => {
  it('checks a custom pool against today’s catalog, which its game is dealt from', () => {
    // The edit renames a set: only today's catalog has 'scrolls', the catalog of unpinned options does not.
    simulateEdit(
      baseBook,
      EDITED,
      edited(valleyBaseBox, (d) => {
        for (const s of d.sets as { id: string }[]) if (s.id === 'books') s.id = 'scrolls';
        for (const c of (d.cards ?? []) as (Card & { set: string | null })[])
          if (c.set === 'books') c.set = 'scrolls';
      }),
    );
    const store = memoryStore();
    const pool = { sets: ['scrolls', 'amulets', 'statues'], uniques: [] };
    const lobby = store.lobbies.create({
      type: 'valley',
      seed: 'renamed',
      options: { pool },
      seats: [0, 1].map((i) => ({ userId: user(i), displayName: `P${i}` })),
    });
    const game = store.startGame(lobby.id);
    expect(game.options).toEqual({
      players: 2,
      pool,
      catalogs: { 'valley-base': EDITED, 'valley-afterlife': afterlifeBook.current },
    });
    expect((game.state as ValleyState).defs['book-of-gates']?.set).toBe('scrolls');
    expect(verifyAll(store.database).problems).toEqual([]);
    store.database.close();
  });
});
