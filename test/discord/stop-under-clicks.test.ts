import { type ChildProcess, spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/messages.ts';
import type { InteractionHandle, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { ROOT } from '../../src/paths.ts';
import { decodeCustomId } from '../../src/table-kit/custom-id.ts';
import { runGamesCli } from '../../src/tools/games.ts';
import { npmStartCommand } from '../helpers/npm-start.ts';
import { controls, Driver, sleep, startGameByLobby } from './driver.ts';
import { startTableHarness, type TableHarness } from './harness.ts';

/**
 * The real bot process (`npm start`'s bundle) is sent SIGTERM in the middle of a flood of clicks from
 * every seat of three games. Every click it received is answered — with its move's result, the hand asked
 * for, or the private "restarting" note — no move is lost or doubled (the action log holds exactly the
 * moves whose answers said they were taken), the process exits 0, and `games verify` is clean after.
 *
 * Nothing here waits on time: the stop is sent while an answer of the bot is held by the loopback, so a
 * piece of work is under way for certain; the test floods until the bot has answered clicks with the note
 * (it was stopping, and said so), stops clicking, and lets the held answer go. Clicks sent after the bot's
 * gateway closed would reach no process (Discord shows "the application did not respond" for those, on
 * any restart): the flood ends before that, once the note has been seen. Waits are hang guards.
 */
let h: TableHarness;
let child: ChildProcess | null = null;
let command: string[];

beforeAll(async () => {
  command = npmStartCommand();
  h = await startTableHarness();
}, 60_000);
afterAll(async () => {
  child?.kill('SIGKILL');
  await h?.stop();
});

interface Click {
  readonly game: number;
  readonly seat: number;
  /** A move, or a hand asked for. */
  readonly move: boolean;
  readonly handle: InteractionHandle;
  /** The first answer the clicker could read, as it read it. */
  readonly answer: Promise<LoopbackMessage>;
}

/** Discord's answer as the clicker first saw it; waits are hang guards for a busy machine. */
const firstAnswer = (handle: InteractionHandle) => handle.reply({ timeoutMs: 120_000 });

describe('SIGTERM during a flood of clicks', () => {
  it('answers every click, loses and doubles no move, exits 0, and leaves the store consistent', async () => {
    const d = new Driver(h);
    const c = h.loopback.control;
    const tables: { where: string; gameId: number; players: { user: LoopbackUser; seat: number }[] }[] = [];
    for (let k = 0; k < 3; k++) {
      const a = c.createUser(`a${k}`);
      const b = c.createUser(`b${k}`);
      const { where, gameId } = await startGameByLobby(d, a, [b]);
      const seats = h.store.getGame(gameId).seats;
      tables.push({
        where,
        gameId,
        players: [a, b].map((user) => ({ user, seat: seats.findIndex((s) => s.userId === user.id) })),
      });
    }
    await h.quiet();
    const versions = new Map(tables.map((x) => [x.gameId, h.store.getGame(x.gameId).version]));
    await h.down();

    child = spawn(process.execPath, command, {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DISCORD_TOKEN: h.loopback.token,
        DISCORD_API_URL: h.loopback.restApi,
        DATABASE_PATH: h.dbPath,
        LOG_LEVEL: 'info',
        // The bound is not what this test is about: one no busy machine reaches.
        STOP_TIMEOUT_MS: '300000',
        AUTO_PASS_MIN_MS: '0',
        AUTO_PASS_MAX_MS: '20',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (b: Buffer) => {
      output += b.toString();
    });
    child.stderr?.on('data', (b: Buffer) => {
      output += b.toString();
    });
    // 'close': the process has exited and everything it wrote has been read.
    const exited = new Promise<number | null>((resolve) => child?.once('close', (code) => resolve(code)));
    const until = async (what: string, done: () => boolean, ms = 120_000) => {
      const deadline = Date.now() + ms;
      while (!done()) {
        if (Date.now() > deadline || child?.exitCode !== null)
          throw new Error(`no ${what}; the bot said:\n${output}`);
        await sleep(20);
      }
    };
    await until('"bot ready"', () => /bot ready/.test(output));

    const clicks: Click[] = [];
    const taken = new Set<Click>();
    const notes: Click[] = [];
    const note = new Set([t('en', 'error.restarting')]);
    let flooding = true;
    type Table = (typeof tables)[number];
    type Player = Table['players'][number];
    /** A click as Discord sends it; null when the control is gone from the message (redrawn meanwhile). */
    const click = (x: Table, p: Player, m: LoopbackMessage, id: string, values?: string[]) => {
      let handle: InteractionHandle;
      try {
        handle = values ? c.as(p.user).select(m, id, values) : c.as(p.user).click(m, id);
      } catch (e) {
        // Discord's client offers only what the message shows now: nothing was sent.
        if (/has no component|is disabled/.test(String(e))) return null;
        throw e;
      }
      const move = decodeCustomId(id)?.verb !== 'hand';
      const answer = firstAnswer(handle);
      const record: Click = { game: x.gameId, seat: p.seat, move, handle, answer };
      clicks.push(record);
      void answer.then(
        (a) => {
          if (note.has(a.text)) notes.push(record);
          else if (move && a.text.startsWith('✅')) taken.add(record);
        },
        () => {},
      );
      return answer;
    };
    /** One person: opens their hand from the newest board and plays what it offers (an answer, or the end of their turn). */
    const flood = async (x: Table, p: Player) => {
      while (flooding) {
        const board = d.latest(x.where, 'hand');
        const open = controls(board).find((k) => k.verb === 'hand');
        if (!open) throw new Error('the board has no My hand button');
        const hand = await click(x, p, board, open.customId);
        if (!flooding || !hand || note.has(hand.text)) continue;
        const answer = controls(hand).find((k) => k.verb === 'ans');
        const end = d.endTurnControl(hand);
        const one = (v: string | undefined) => (v === undefined ? undefined : [v]);
        if (answer)
          await click(
            x,
            p,
            hand,
            answer.customId,
            one(answer.kind === 'select' ? answer.values[0] : undefined),
          );
        else if (end) await click(x, p, hand, end.control.customId, one(end.value));
        // Not their turn: they look again a moment later, as a waiting person does.
        else await sleep(50);
      }
    };
    const floods = tables.flatMap((x) => x.players.map((p) => flood(x, p)));

    await until('moves taken', () => taken.size >= 4);
    // Whatever the bot answers next, it waits to hear that the answer went out: work under way, for certain.
    const hold = c.faults.holdAnswer('PATCH /webhooks/:applicationId/:token/messages/@original');
    await hold.held;
    child.kill('SIGTERM');
    await until('stop begun', () => /bot: stopping \(SIGTERM\)/.test(output));
    await until('"restarting" notes', () => notes.length >= 3);
    flooding = false;
    hold.release();
    await Promise.all(floods);
    // A hang guard: the process's own bound is 300 s.
    let guard: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise((resolve) => {
        guard = setTimeout(() => resolve('still running'), 240_000);
      }),
    ]);
    clearTimeout(guard);
    expect(code, output).toBe(0);
    child = null;
    expect(output).toMatch(/bot: stopped in order/);

    // Every click it received was answered: a move's result, a hand, or the note; none failed.
    const answers = await Promise.allSettled(clicks.map((k) => k.answer));
    const unanswered = answers.flatMap((a, i) =>
      a.status === 'rejected' ? [`${clicks[i]?.handle.label}: ${a.reason}`] : [],
    );
    expect(unanswered).toEqual([]);
    expect(clicks.filter((k) => k.handle.failed)).toEqual([]);
    expect(notes.length).toBeGreaterThanOrEqual(3);

    // No move lost or doubled: each game's log holds, after the flood began, exactly the moves answered
    // as taken, seat by seat, one after another.
    const db = new Database(h.dbPath, { readonly: true });
    try {
      for (const x of tables) {
        const from = versions.get(x.gameId) as number;
        const rows = db
          .prepare('select seq, seat from actions where game_id = ? and seq > ? order by seq')
          .all(x.gameId, from) as { seq: number; seat: number }[];
        expect(rows.map((r) => r.seq)).toEqual(rows.map((_, k) => from + 1 + k));
        const bySeat = (seats: number[]) => x.players.map((p) => seats.filter((s) => s === p.seat).length);
        const answered = [...taken].filter((k) => k.game === x.gameId).map((k) => k.seat);
        expect(bySeat(rows.map((r) => r.seat)), `game #${x.gameId}: moves logged, by seat`).toEqual(
          bySeat(answered),
        );
      }
    } finally {
      db.close();
    }
    expect(taken.size).toBeGreaterThanOrEqual(4);

    const out: string[] = [];
    const io = {
      stdout: (line: string) => out.push(line),
      stderr: (line: string) => out.push(line),
      env: { DATABASE_PATH: h.dbPath },
      readStdin: () => '',
    };
    expect(await runGamesCli(['verify'], io), out.join('\n')).toBe(0);
    expect(out.join('\n')).toMatch(/verified 3 games: all consistent/);
  }, 300_000);
});
