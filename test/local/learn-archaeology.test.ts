import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchaeologyState } from '../../src/games/archaeology/state.ts';
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
 * `/learn game:Archaeology` at the local table, in the browser: lena types /learn, the page takes her to
 * the lesson's private thread, and she follows the narrator to the end of the game by clicking what the
 * page shows her (Continue, the two trade menus, the sales menu, End turn, the sandstorm's loss, the
 * pyramid's button), after a wrong trade that the hand explains.
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

/** Chooses `values` in the menu whose custom_id has `verb`: ticks and Choose, or a one-value menu's button. */
async function choose(scope: Locator, verb: string, values: readonly string[]) {
  const menu = scope.locator(`.select:has(.select-toggle[data-custom-id*=":${verb}"])`).last();
  await menu.locator('.select-toggle').click(WAIT);
  if ((await menu.locator('input[type="checkbox"]').count()) === 0) {
    expect(values).toHaveLength(1);
    await menu.locator(`button.select-option[data-value="${values[0]}"]`).click(WAIT);
    return;
  }
  for (const v of values) await menu.locator(`input[value="${v}"]`).check(WAIT);
  await menu.locator('.select-options button.btn.primary').click(WAIT);
}

describe.skipIf(!hasChromium)(
  hasChromium
    ? '/learn Archaeology at the local table'
    : `/learn Archaeology at the local table (${MISSING})`,
  () => {
    it('lena plays the Archaeology lesson to its end by clicking the page', {
      timeout: 300_000,
    }, async () => {
      const errors: string[] = [];
      const page: Page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'lena');
      await slash(page, '/learn game:Archaeology');
      const narrator = (text: string) => page.locator('.message:not(.ephemeral)', { hasText: text }).last();
      await narrator('Lesson 1 of 8: The goal').waitFor(WAIT);
      const store = h.table.bot.runtime.tables.store;
      // The table's first game is the lesson.
      const id = 1;
      expect(await store.getGame(id)).toMatchObject({ type: 'archaeology', status: 'active', rated: false });
      const state = async () => (await store.getGame(id)).state as ArchaeologyState;
      const version = async () => (await store.getGame(id)).version;

      for (const [n, title] of [
        [1, 'The goal'],
        [2, 'Digging'],
      ] as const) {
        await narrator(`Lesson ${n} of 8: ${title}`).getByRole('button', { name: 'Continue' }).click(WAIT);
      }
      await narrator('Lesson 3 of 8: Trading at the marketplace').waitFor(WAIT);

      const openHand = async (): Promise<Locator> => {
        const count = await page.locator('.message.ephemeral').count();
        await page.locator('.message:not(.ephemeral) button', { hasText: 'My hand' }).last().click(WAIT);
        await expect.poll(() => page.locator('.message.ephemeral').count(), WAIT).toBeGreaterThan(count);
        const hand = page.locator('.message.ephemeral').last();
        await expect.poll(() => hand.locator('[data-custom-id]').count(), WAIT).toBeGreaterThan(1);
        return hand;
      };
      /** Does something in a fresh hand, and waits for the move it makes. */
      const move = async (act: (hand: Locator) => Promise<void>) => {
        const v = await version();
        await act(await openHand());
        await expect.poll(version, WAIT).toBeGreaterThan(v);
      };
      const trade = async (take: string, give: string[]) => {
        const giving = page.locator('.message.ephemeral', { hasText: 'Now choose cards of your hand' });
        const asked = await giving.count();
        await choose(await openHand(), 'take', [take]);
        await expect.poll(() => giving.count(), WAIT).toBeGreaterThan(asked);
        await choose(giving.last(), 'give', give);
      };
      const sell = (code: string) => (hand: Locator) => choose(hand, 'sell:', [code]);
      const press = (code: string) => (hand: Locator) =>
        hand.locator(`button[data-custom-id$=":act:${code}"]`).click(WAIT);

      // A wrong move first: a Pot Shard is not the card this step takes; the hand says why, nothing is done.
      await trade('pot-shard.1', ['parchment.1']);
      await expect
        .poll(async () => (await page.locator('.message.ephemeral').last().textContent()) ?? '', WAIT)
        .toContain(
          'This step does not take a Pot Shard from the marketplace. This step: take a Talisman from the marketplace for a Parchment Scrap and a Coin.',
        );
      expect(await version()).toBe(0);

      await trade('talisman.1', ['parchment.1', 'coin.1']);
      await narrator('Lesson 4 of 8: Selling to the museum').waitFor(WAIT);
      await move(sell('st3'));
      await move(press('e'));
      await narrator('Lesson 5 of 8: Thieves').waitFor(WAIT);
      await move(press('e'));
      await narrator('Lesson 6 of 8: Sandstorms').waitFor(WAIT);
      await move((hand) => choose(hand, 'lose', ['coin.1']));
      await narrator('Lesson 7 of 8: The pyramid').waitFor(WAIT);
      await expect.poll(async () => (await state()).turn.seat, WAIT).toBe(0);
      await move(press('xs'));
      await narrator('Lesson 8 of 8: The end').waitFor(WAIT);
      await move(sell('sm3'));
      await move(sell('st1'));
      await move(press('e'));
      await narrator('The game is over: you made $39, your rival $5').waitFor(WAIT);
      expect((await store.getGame(id)).status).toBe('finished');
      expect(errors).toEqual([]);
    });
  },
);
