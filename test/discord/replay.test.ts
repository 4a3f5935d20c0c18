import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import archaeologyBox from '../../assets/cards/archaeology.json' with { type: 'json' };
import type { AnyAdapter } from '../../src/adapters/game-adapter.ts';
import { archaeologyBook } from '../../src/games/archaeology/catalog-versions.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { splitAlt } from '../../src/table-kit/alt-text.ts';
import { runGamesCli } from '../../src/tools/games.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import { removeDir } from '../remove-dir.ts';
import { type Control, controls, Driver } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * `/replay` through the real client: a finished game from its first position to its last, one move per
 * click, each step showing the public board of that position (the picture's text is the public view's,
 * rebuilt independently here from the stored log), nobody mentioned, nothing hidden.
 */
let h: TableHarness;
let d: Driver;
let alice: LoopbackUser;
let bob: LoopbackUser;

beforeAll(async () => {
  h = await startTableHarness({ adapters: wordsOnlyAdapters() });
  d = new Driver(h);
  alice = h.loopback.control.createUser('alice');
  bob = h.loopback.control.createUser('bob');
});
afterAll(async () => {
  await h?.stop();
});

/**
 * A game of computer players played to its end in the store, with the picture text of the public board
 * after each move taken from the live game as it was played (drawn only when asked: a picture costs
 * milliseconds), so the replay, rebuilt from the log, is compared with what the game really showed.
 */
function finishedGame(
  type: string,
  players: number,
  language = 'en',
): { id: number; moves: number; at(move: number): string } {
  const c = h.loopback.control;
  const channel = c.createChannel({ name: `finished-${type}-${players}` });
  const lobby = h.store.lobbies.create({
    type,
    guildId: c.defaultGuild.id,
    channelId: channel.id,
    hostUserId: null,
    language,
    seats: Array.from({ length: players }, (_, k) => ({
      botKind: 'normal',
      displayName: `Computer ${k + 1}`,
    })),
  });
  let game = h.store.startGame(lobby.id);
  const adapter: AnyAdapter = h.bot.runtime.tables.adapterOf(game);
  // A copy: the view must be what that position showed, whatever later moves share with it.
  const views = [structuredClone(adapter.game.view(game.state, null))];
  while (game.status === 'active') {
    const seat = adapter.game.waitingFor(game.state)[0] as number;
    const action = adapter.computers.move(game.state, seat, 'normal');
    game = h.store.applyAction(game.id, { seat, action, expectedVersion: game.version }).game;
    views.push(structuredClone(adapter.game.view(game.state, null)));
  }
  expect(game.status).toBe('finished');
  const ctx = h.bot.runtime.tables.context(game, language);
  return {
    id: game.id,
    moves: views.length - 1,
    // The attachment carries what fits Discord's alt text; the rest is said under the picture (alt-text.ts).
    at: (move) => splitAlt(adapter.messages.board(views[move], ctx, {}).files[0]?.description as string).alt,
  };
}

const go = (m: LoopbackMessage, label: string) =>
  controls(m).find((c) => c.kind === 'button' && c.label === label) as Control;

describe('/replay', () => {
  /** Every move by ▶ from the first position to the last, each step compared with the board played. */
  async function stepThrough(game: ReturnType<typeof finishedGame>, name: string) {
    let m = await h.loopback.control.as(alice).slash('replay', { game: game.id }).reply();
    expect(m.ephemeral).toBe(true);
    for (let move = 0; ; move++) {
      expect(m.text).toContain(`🎞 **Replay** of ${name} #${game.id} · move ${move} of ${game.moves}`);
      expect(m.attachments[0]?.description).toBe(game.at(move));
      expect(m.mentions.users).toEqual([]);
      expect(go(m, '⏮').disabled).toBe(move === 0);
      if (move === game.moves) break;
      m = await d.press(alice, m, go(m, '▶'));
    }
    expect(m.text).toContain('The final position.');
    expect(go(m, '▶').disabled).toBe(true);
    m = await d.press(alice, m, go(m, '⏮'));
    expect(m.text).toContain(`· move 0 of ${game.moves}`);
  }

  it('steps through a whole Archaeology game, each step the public board that position showed', async () => {
    await stepThrough(finishedGame('archaeology', 2), 'Archaeology');
  }, 120_000);

  it('steps through a whole 4-player Valley game, each step the public board that position showed', async () => {
    const game = finishedGame('valley', 4);
    expect(game.moves).toBeGreaterThan(300);
    await stepThrough(game, 'Valley of the Kings');
  }, 240_000);

  it('Valley: the last move, a turn from the menu, and the channel’s copy in the game’s language', async () => {
    const pictures = finishedGame('valley', 3, 'es');
    const { id, moves } = pictures;
    let m = await h.loopback.control.as(bob).slash('replay', { game: id, public: true }).reply();
    expect(m.ephemeral).toBe(false);
    expect(m.text).toContain(`🎞 **Repetición** de Valle de los Reyes #${id} · jugada 0 de ${moves}`);
    m = await d.press(alice, m, go(m, '⏭'));
    expect(m.text).toContain(`· jugada ${moves} de ${moves}`);
    expect(m.text).toContain('La posición final.');
    expect(m.attachments[0]?.description).toBe(pictures.at(moves));
    const turns = controls(m).find((c) => c.verb === 'turn') as Control;
    expect(turns.values.length).toBeLessThanOrEqual(25);
    const pick = turns.values[10] as string;
    m = await d.choose(alice, m, turns, pick);
    expect(m.text).toContain(`· jugada ${pick} de ${moves}`);
    expect(m.attachments[0]?.description).toBe(pictures.at(Number(pick)));
  }, 120_000);

  it('a game dealt before an edit of its catalog replays as it was dealt, naming that catalog', async () => {
    const game = finishedGame('archaeology', 2);
    const dealt = archaeologyBook.current;
    // Every treasure's museum prices up by 5: replayed with the edit, the final money would differ.
    const edited = structuredClone(archaeologyBox) as unknown as {
      treasures: { prices: { value: number }[] }[];
    };
    for (const t of edited.treasures) for (const p of t.prices) p.value += 5;
    const restore = archaeologyBook.simulateEdit('e0e0e0e0e0e0', edited);
    try {
      let m = await h.loopback.control.as(alice).slash('replay', { game: game.id }).reply();
      expect(m.text).toContain(
        `Dealt with an earlier card catalog (archaeology@${dealt}; today's is archaeology@e0e0e0e0e0e0)`,
      );
      m = await d.press(alice, m, go(m, '⏭'));
      expect(m.text).toContain('The final position.');
      expect(m.attachments[0]?.description).toBe(game.at(game.moves));
    } finally {
      restore();
    }
  }, 120_000);

  it('Download gives the game’s record, which imports into a fresh database and verifies', async () => {
    const { id } = finishedGame('archaeology', 3);
    const m = await h.loopback.control.as(alice).slash('replay', { game: id }).reply();
    const download = controls(m).find((c) => c.label === 'Download') as Control;
    const reply = await d.press(alice, m, download);
    expect(reply.ephemeral).toBe(true);
    expect(reply.text).toContain(`npm run games -- import scarab-game-${id}.json`);
    const file = reply.attachments[0];
    expect(file?.filename).toBe(`scarab-game-${id}.json`);
    const record = JSON.parse(Buffer.from(file?.bytes ?? []).toString('utf8'));
    expect(record).toMatchObject({
      format: 'scarab-game',
      formatVersion: 4,
      game: { id, status: 'finished' },
    });
    expect(record.actions).toHaveLength(h.store.actionLog(id).length);
    const dir = mkdtempSync(join(tmpdir(), 'scarab-record-'));
    try {
      const path = join(dir, `scarab-game-${id}.json`);
      writeFileSync(path, file?.bytes ?? new Uint8Array());
      const out: string[] = [];
      const io = {
        stdout: (t: string) => out.push(t),
        stderr: (t: string) => out.push(t),
        env: { DATABASE_PATH: join(dir, 'fresh.db') },
        readStdin: () => '',
      };
      expect(await runGamesCli(['import', path], io), out.join('\n')).toBe(0);
      expect(await runGamesCli(['verify'], io), out.join('\n')).toBe(0);
      expect(out.join('\n')).toMatch(/1 game/);
    } finally {
      removeDir(dir);
    }
  }, 60_000);

  it('refuses a game that is not finished here, and offers this server’s finished games', async () => {
    const running = h.store.startGame(
      h.store.lobbies.create({
        type: 'valley',
        guildId: h.loopback.control.defaultGuild.id,
        channelId: h.loopback.control.createChannel({ name: 'running' }).id,
        hostUserId: null,
        seats: [0, 1].map((k) => ({ botKind: 'normal', displayName: `C${k}` })),
      }).id,
    );
    // Autocomplete offers this server's finished games, newest first, and filters by the number typed.
    finishedGame('archaeology', 2);
    const offered = await h.loopback.control.as(alice).autocomplete('replay', { game: '' }, 'game').choices();
    const finished = h.store.gamesInGuild(h.loopback.control.defaultGuild.id, ['finished']).map((g) => g.id);
    expect(offered.map((c) => c.value)).toEqual(finished);
    expect(offered.map((c) => c.value)).not.toContain(running.id);
    expect(offered[0]?.name).toMatch(/^#\d+ · (Valley of the Kings|Archaeology) · finished \d{4}-\d\d-\d\d$/);
    const first = String(finished.at(-1));
    const typed = await h.loopback.control
      .as(alice)
      .autocomplete('replay', { game: first }, 'game')
      .choices();
    expect(typed.map((c) => c.value)).toContain(Number(first));
    expect(typed.every((c) => String(c.value).startsWith(first))).toBe(true);
    const refused = await h.loopback.control.as(alice).slash('replay', { game: running.id }).reply();
    expect(refused.text).toBe(`There is no finished game #${running.id} in this server to replay.`);
    const missing = await h.loopback.control.as(alice).slash('replay', { game: 9999 }).reply();
    expect(missing.text).toContain('#9999');
  }, 60_000);
});
