import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replayMessage } from '../../src/discord/messages/replay-message.ts';
import { Replays } from '../../src/discord/replays.ts';
import { Tables } from '../../src/discord/tables.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import { installedGames } from '../helpers/installed-games.ts';
import { removeDir } from '../remove-dir.ts';

/**
 * Games stored before replays existed replay too: every finished game of the databases written by earlier
 * releases (test/fixtures/legacy) steps from its first position to its last, each step a board with its
 * picture's text and what the move said (shown at a spread of moves), and its last position is the one the store kept when it ended.
 */
const tmp = mkdtempSync(join(tmpdir(), 'scarab-legacy-replay-'));
afterAll(() => removeDir(tmp));

describe.each(['valley-base-9704a95.db', 'valley-archaeology-d0f2b7a.db'])(
  'finished games of %s',
  (fixture) => {
    it('replay from their logs, with what each move said, to where the stored game ended', async () => {
      const path = join(tmp, fixture);
      copyFileSync(new URL(`../fixtures/legacy/${fixture}`, import.meta.url), path);
      const database = openDatabase(path, { backgroundCheckpoints: false });
      try {
        const store = new GameStore(database);
        const tables = new Tables(new SqliteStore(store), installedGames().adapters);
        const replays = new Replays(tables);
        const guilds = database.sqlite
          .prepare('select distinct guild_id from games')
          .pluck()
          .all() as string[];
        const finished = guilds.flatMap((g) => store.gamesInGuild(g, ['finished']));
        expect(finished.length).toBeGreaterThanOrEqual(3);
        for (const summary of finished) {
          const game = store.getGame(summary.id);
          const adapter = tables.adapterOf(game);
          const replay = await replays.of(game);
          const moves = replay.positions.moves;
          expect(moves, `game #${game.id}`).toBe(store.actionLog(game.id).length);
          // Every move said what it did when played (a pass or a question answered may say nothing).
          const spoke = replay.said.filter((lines) => lines.length > 0).length;
          expect(spoke, `game #${game.id}`).toBeGreaterThan(moves / 2);
          // A board at a spread of moves (a picture costs milliseconds): the first, every 25th, the last.
          const shown = [...Array.from({ length: Math.ceil(moves / 25) }, (_, k) => k * 25), moves];
          for (const move of shown) {
            const m = replayMessage(tables, replay, move, 'en');
            expect(m.content).toContain(`#${game.id} · move ${move} of ${moves}`);
            expect(m.files?.[0]?.description ?? '', `game #${game.id}, move ${move}`).not.toBe('');
          }
          const last = adapter.game.view(replay.positions.at(moves), null);
          expect(last, `game #${game.id}`).toEqual(adapter.game.view(game.state, null));
        }
      } finally {
        database.close();
      }
    }, 60_000);
  },
);
