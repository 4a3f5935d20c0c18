import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeArchaeologyAction } from '../../src/adapters/archaeology/action-code.ts';
import { archaeologyBotMove } from '../../src/games/archaeology/bots/index.ts';
import { TREASURES } from '../../src/games/archaeology/catalog.ts';
import { archaeology } from '../../src/games/archaeology/index.ts';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
import { wordsOnlyAdapters } from '../helpers/words-only-pictures.ts';
import {
  type Browser,
  hasChromium,
  joinTable,
  launchChromium,
  MISSING,
  slash,
  WAIT,
  watch,
} from './browser-harness.ts';
import { type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * A whole game of Archaeology at the local table, in the browser: alice opens it with /archaeology
 * against a computer player and plays every move by clicking what the page shows her (the hand's sales
 * menu, the two trade menus, the sandstorm's checkboxes, the pyramid, thief and end buttons) until the
 * results are posted; then steps through its replay with the page's controls and downloads its record.
 */
let h: LocalHarness;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  // What is drawn is read in words (alt texts), never in pixels (words-only-pictures.ts).
  h = await startLocalHarness(undefined, { adapters: wordsOnlyAdapters() });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const copies = (counts: Partial<Record<string, number>>) =>
  TREASURES.flatMap((k) => Array.from({ length: counts[k] ?? 0 }, (_, i) => `${k}.${i + 1}`));

/**
 * Chooses these values in the menu whose custom_id has `verb`: ticks them and presses Choose, or, in a
 * menu allowing one value (the page draws those as a list of buttons), clicks it. `landed` says whether
 * the choice took effect.
 */
async function chooseMany(
  scope: Locator,
  verb: string,
  values: readonly string[],
  landed: () => Promise<boolean>,
) {
  // The hand may be redrawn while the menu is open (another seat answered the same sandstorm): the
  // new drawing comes with the menu closed, so open it again and choose again. On a busy machine the
  // choice may also land after the attempt gave up waiting: then the menu is gone, and so is the need.
  for (let attempt = 1; ; attempt++) {
    try {
      return await chooseOnce(scope, verb, values, attempt < 3 ? { timeout: 5_000 } : WAIT);
    } catch (e) {
      if (await landed()) return;
      if (attempt >= 3) throw e;
    }
  }
}

async function chooseOnce(
  scope: Locator,
  verb: string,
  values: readonly string[],
  wait: { timeout: number },
) {
  const menu = scope.locator(`.select:has(.select-toggle[data-custom-id*=":${verb}"])`).last();
  await menu.locator('.select-toggle').click(wait);
  if ((await menu.locator('input[type="checkbox"]').count()) === 0) {
    expect(values).toHaveLength(1);
    await menu.locator(`button.select-option[data-value="${values[0]}"]`).click(wait);
    return;
  }
  for (const v of values) await menu.locator(`input[value="${v}"]`).check(wait);
  await menu.locator('.select-options button.btn.primary').click(wait);
}

describe.skipIf(!hasChromium)(
  hasChromium ? 'Archaeology at the local table' : `Archaeology at the local table (${MISSING})`,
  () => {
    it('alice plays a whole game against a computer by clicking the page', { timeout: 600_000 }, async () => {
      const errors: string[] = [];
      const page: Page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'alice');
      await slash(page, '/archaeology computers:1');
      const lobby = page.locator('.message', { hasText: 'Seats (2/4)' }).last();
      await lobby.waitFor(WAIT);
      await page.getByRole('button', { name: 'Start' }).click(WAIT);
      const board = page.locator('img[alt*="Marketplace:"]').last();
      await board.waitFor(WAIT);
      expect(await board.getAttribute('alt')).toMatch(/^Turn \d+[:,] /);

      const store = h.table.bot.runtime.tables.store;
      // The table's first game: its lobby was game #1.
      const id = 1;
      expect(await store.getGame(id)).toMatchObject({ type: 'archaeology', status: 'active' });
      const aliceSeat = (await store.getGame(id)).seats.findIndex((s) => s.userId !== null);
      let moves = 0;
      for (let step = 0; step < 2000; step++) {
        const g = await store.getGame(id);
        if (g.status === 'finished') break;
        const s = g.state as ArchaeologyState;
        if (!archaeology.waitingFor(s).includes(aliceSeat)) {
          await sleep(50);
          continue;
        }
        const action = archaeologyBotMove(s, aliceSeat, 'heuristic');
        // The newest public message with My hand opens her hand, for her alone, below it.
        await page.locator('.message:not(.ephemeral) button', { hasText: 'My hand' }).last().click(WAIT);
        const hand = page.locator('.message.ephemeral', { hasText: 'Your hand' }).last();
        await hand.waitFor(WAIT);
        await expect.poll(() => hand.locator('[data-custom-id]').count(), WAIT).toBeGreaterThan(1);
        const version = g.version;
        const moved = async () => (await store.getGame(id)).version > version;
        if (action.type === 'sell') {
          const menu = hand.locator('.select:has(.select-toggle[data-custom-id*=":sell:"])').first();
          await menu.locator('.select-toggle').click(WAIT);
          await menu
            .locator(`button.select-option[data-value="${encodeArchaeologyAction(action)}"]`)
            .click(WAIT);
        } else if (action.type === 'trade') {
          const giving = page.locator('.message.ephemeral', { hasText: 'Now choose cards of your hand' });
          const asked = await giving.count();
          await chooseMany(hand, 'take', copies(action.take), async () => (await giving.count()) > asked);
          await giving.last().waitFor(WAIT);
          await chooseMany(page.locator('.message.ephemeral').last(), 'give', copies(action.give), moved);
        } else if (action.type === 'discard') {
          await chooseMany(hand, 'lose', copies(action.cards), moved);
        } else {
          await hand.locator(`button[data-custom-id$=":act:${encodeArchaeologyAction(action)}"]`).click(WAIT);
        }
        await expect.poll(async () => (await store.getGame(id)).version, WAIT).toBeGreaterThan(version);
        moves++;
      }
      expect((await store.getGame(id)).status).toBe('finished');
      expect(moves).toBeGreaterThan(10);
      const results = page.locator('.message', { hasText: 'is over' }).last();
      await results.waitFor(WAIT);
      expect(await results.textContent()).toContain('Ties go to whoever sold the fewest cards');
      expect(await page.locator('#hint').getAttribute('data-state')).toBe('over');

      // The local table shows the same replay controls as Discord: /replay of the game just played.
      const total = (await store.actionLog(id)).length;
      await slash(page, `/replay game:${id}`);
      const replay = page.locator('.message.ephemeral', { hasText: 'Replay' }).last();
      await replay.waitFor(WAIT);
      await expect.poll(async () => (await replay.textContent()) ?? '', WAIT).toContain(`move 0 of ${total}`);
      expect(await replay.locator('img').getAttribute('alt')).toMatch(/Marketplace:/);
      for (const label of ['⏮', '◀', '▶', '⏭', 'Download'])
        expect(await replay.getByRole('button', { name: label, exact: true }).count()).toBe(1);
      await replay.getByRole('button', { name: '▶', exact: true }).click(WAIT);
      await expect.poll(async () => (await replay.textContent()) ?? '', WAIT).toContain(`move 1 of ${total}`);
      await replay.getByRole('button', { name: '⏭', exact: true }).click(WAIT);
      await expect
        .poll(async () => (await replay.textContent()) ?? '', WAIT)
        .toContain(`move ${total} of ${total}`);
      await replay.getByRole('button', { name: 'Download', exact: true }).click(WAIT);
      await page.locator('a.file', { hasText: `scarab-game-${id}.json` }).waitFor(WAIT);
      expect(errors).toEqual([]);
    });
  },
);
