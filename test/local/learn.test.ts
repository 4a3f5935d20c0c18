import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAction } from '../../src/adapters/valley/action-code.ts';
import { legalActions } from '../../src/games/valley/legal-actions.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
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
 * `/learn` at the local table, in the browser: lena types /learn, the page takes her to the lesson's
 * private thread, and she follows the narrator to the end of the game by clicking what the page shows
 * her (Continue, Buy and its payment menu, the play and entomb menus, End turn, the sacrifice), after a
 * wrong move that the hand explains.
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
  hasChromium ? '/learn at the local table' : `/learn at the local table (${MISSING})`,
  () => {
    it('lena plays the Valley lesson to its end by clicking the page', { timeout: 300_000 }, async () => {
      const errors: string[] = [];
      const page: Page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'lena');
      await slash(page, '/learn game:Valley of the Kings');
      const narrator = (text: string) => page.locator('.message:not(.ephemeral)', { hasText: text }).last();
      await narrator('Lesson 1 of 9: The goal').waitFor(WAIT);
      const store = h.table.bot.runtime.tables.store;
      // The table's first game is the lesson.
      const id = 1;
      expect(await store.getGame(id)).toMatchObject({ type: 'valley', status: 'active', rated: false });
      const state = async () => (await store.getGame(id)).state as ValleyState;
      const version = async () => (await store.getGame(id)).version;

      for (const [n, title] of [
        [1, 'The goal'],
        [2, 'A turn'],
      ] as const) {
        await narrator(`Lesson ${n} of 9: ${title}`).getByRole('button', { name: 'Continue' }).click(WAIT);
      }
      await narrator('Lesson 3 of 9: Buying and paying').waitFor(WAIT);

      const openHand = async (): Promise<Locator> => {
        const count = await page.locator('.message.ephemeral').count();
        await page.locator('.message:not(.ephemeral) button', { hasText: 'My hand' }).last().click(WAIT);
        await expect.poll(() => page.locator('.message.ephemeral').count(), WAIT).toBeGreaterThan(count);
        const hand = page.locator('.message.ephemeral').last();
        await expect.poll(() => hand.locator('[data-custom-id]').count(), WAIT).toBeGreaterThan(1);
        return hand;
      };
      const pick = async (hand: Locator, suffix: string, value: string) => {
        const menu = hand.locator(`.select:has(.select-toggle[data-custom-id$="${suffix}"])`).last();
        await menu.locator('.select-toggle').click(WAIT);
        await menu.locator(`button.select-option[data-value="${value}"]`).click(WAIT);
      };
      const legal = async (test: (a: ValleyAction, s: ValleyState) => boolean): Promise<ValleyAction> => {
        const s = await state();
        const found = legalActions(s, 0).find((a) => test(a, s));
        if (!found) throw new Error('no such legal move');
        return found;
      };
      const ofCard = (id: string) => (a: ValleyAction, s: ValleyState) =>
        (a.type === 'play' || a.type === 'entomb') && s.cards[a.card] === id;
      /** Plays or entombs a card from its menu, and waits for the move. */
      const fromMenu = async (kind: 'play' | 'entomb', card: string) => {
        const v = await version();
        const action = await legal((a, s) => a.type === kind && ofCard(card)(a, s));
        await pick(await openHand(), `:act:${kind}`, encodeAction(action));
        await expect.poll(version, WAIT).toBeGreaterThan(v);
      };
      /** Ends the turn with the hand's control, answers a sacrifice, and waits for the rival's turn. */
      const endTurn = async () => {
        const turns = (await state()).turnsTaken[0] ?? 0;
        const hand = await openHand();
        const button = hand.locator('button[data-custom-id*=":act:t"]');
        if ((await button.count()) > 0) await button.first().click(WAIT);
        else {
          const menu = hand.locator('.select:has(.select-toggle[data-custom-id*=":end"])').last();
          await menu.locator('.select-toggle').click(WAIT);
          await menu.locator('button.select-option:not([data-value="order"])').first().click(WAIT);
        }
        await expect
          .poll(async () => (await state()).stack.length > 0 || (await state()).turnsTaken[0] !== turns, WAIT)
          .toBe(true);
        if ((await state()).stack.length > 0 && (await state()).turnsTaken[0] === turns) {
          const asked = await openHand();
          await asked.locator('button[data-custom-id*=":ans:"]').first().click(WAIT);
        }
        await expect
          .poll(async () => {
            const s = await state();
            return s.finished || (s.turn.seat === 0 && s.stack.length === 0 && s.turnsTaken[0] !== turns);
          }, WAIT)
          .toBe(true);
      };

      // A wrong move first: Statue of Anubis played before anything is bought is explained, and not made.
      const early = await legal(ofCard('statue-of-anubis'));
      const hand = await openHand();
      await pick(hand, ':act:play', encodeAction(early));
      await expect
        .poll(async () => (await page.locator('.message.ephemeral').last().textContent()) ?? '', WAIT)
        .toContain(
          'Playing Statue of Anubis for its action is not this step. This step: buy Heart Scarab Amulet.',
        );
      expect(await version()).toBe(0);

      // Buying: Buy beside Heart Scarab Amulet, then the payment without the cards later lessons need.
      const buy = await legal(
        (a, s) =>
          a.type === 'buy' &&
          a.slot === 0 &&
          a.pay
            .map((c) => s.cards[c])
            .sort()
            .join() === ['box-of-food', 'shabti'].join(),
      );
      const buying = await openHand();
      await buying.locator('button[data-custom-id$=":buyslot:0"]').click(WAIT);
      await pick(page.locator('.message.ephemeral').last(), ':act:pay', encodeAction(buy));
      await narrator("Lesson 4 of 9: Playing a card's action").waitFor(WAIT);
      await fromMenu('play', 'statue-of-anubis');
      await narrator('Lesson 5 of 9: Entombing').waitFor(WAIT);
      await fromMenu('entomb', 'statue-of-horus');
      await narrator('Lesson 6 of 9: Ending your turn').waitFor(WAIT);
      await endTurn();
      await narrator('Lesson 7 of 9: Sets and scoring').waitFor(WAIT);
      await fromMenu('entomb', 'statue-of-bastet');
      await narrator('Lesson 8 of 9: The pyramid must change').waitFor(WAIT);
      await endTurn();
      await narrator('Lesson 9 of 9: The end').waitFor(WAIT);
      await endTurn();
      await narrator('The game is over: your tomb scores 4 points').waitFor(WAIT);
      expect((await store.getGame(id)).status).toBe('finished');
      expect(errors).toEqual([]);
    });
  },
);
