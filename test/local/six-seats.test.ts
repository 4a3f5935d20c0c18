import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The local table at six seats: the host chooses the Base + Afterlife pool from the lobby's menu on
 * the page, starts with five computer players, and the board's picture comes with a text naming all
 * six seats.
 */
let h: LocalHarness;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  h = await startLocalHarness();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

describe.skipIf(!hasChromium)(
  hasChromium ? 'six seats at the local table' : `six seats at the local table (${MISSING})`,
  () => {
    it('the pool chosen on the page, five computers, six seats on the board', {
      timeout: 120_000,
    }, async () => {
      const errors: string[] = [];
      const alice = watch(await browser.context.newPage(), errors);
      await alice.goto(h.url);
      await joinTable(alice, 'alice');
      await slash(alice, '/valley computers:5');
      const lobby = alice.locator('.message', { hasText: 'Seats (6/6)' }).last();
      await lobby.waitFor(WAIT);
      await lobby.locator('.select-toggle[data-custom-id$=":set:pool"]').click(WAIT);
      await lobby.locator('button.select-option[data-value="base-afterlife"]').click(WAIT);
      await expect
        .poll(() => alice.locator('.message', { hasText: 'Cards: Base + Afterlife' }).count(), WAIT)
        .toBeGreaterThan(0);
      await alice.getByRole('button', { name: 'Start' }).click(WAIT);
      const board = alice.locator('img[alt*="Pyramid base (buyable)"]').last();
      await board.waitFor(WAIT);
      const alt = (await board.getAttribute('alt')) ?? '';
      // One line per seat: "<name>: <n> VP; hand …".
      expect(alt.split('\n').filter((line) => /: \d+ VP; hand \d+/.test(line))).toHaveLength(6);
      expect(alt).toMatch(/alice/);
      expect(errors).toEqual([]);
    });
  },
);
