import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  hasChromium,
  joinTable,
  launchChromium,
  MISSING,
  WAIT,
  watch,
} from './browser-harness.ts';
import { type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * Two people at the local table in a real browser (Debian's chromium, as CI installs it): alice opens
 * a game with one computer player, bob watches; alice opens her hand, entombs a card, and bob's page
 * shows the board change without a reload. Screenshots of both pages go to test/.output/.
 */
const OUTPUT = new URL('../.output/', import.meta.url).pathname;

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
  hasChromium ? 'the local table in a browser' : `the local table in a browser (${MISSING})`,
  () => {
    it('a game against a computer player, seen live by a second user', { timeout: 60_000 }, async () => {
      const errors: string[] = [];
      const alice = watch(await browser.context.newPage(), errors);
      await alice.goto(h.url);
      await joinTable(alice, 'alice');

      // A second tab opens as the last user; "Switch user" makes it bob's.
      const bob = watch(await browser.context.newPage(), errors);
      await bob.goto(h.url);
      await expect.poll(() => bob.locator('#me-name').textContent(), WAIT).toBe('alice');
      await bob.getByRole('button', { name: 'Switch user' }).click();
      await joinTable(bob, 'bob');
      await expect.poll(() => alice.locator('#member-list').textContent(), WAIT).toContain('bob');

      // A tab in the background gets no animation frames, which Playwright's clicks wait for.
      await alice.bringToFront();
      // alice: /valley, with one computer player, from the command box.
      const box = alice.getByLabel('Slash command');
      await box.fill('/val');
      await alice.getByRole('option', { name: /\/valley/ }).waitFor(WAIT);
      await box.press('Enter');
      await alice.getByLabel('computers').fill('1');
      await alice.getByLabel('computers').press('Enter');
      // The page follows /valley's answer to the lobby's thread.
      await expect
        .poll(() => alice.locator('#channel-title').textContent(), WAIT)
        .toBe('↳ Valley of the Kings #1');
      await alice.getByRole('button', { name: 'Start' }).click(WAIT);

      // bob watches the game's thread.
      await bob.bringToFront();
      await bob.getByRole('button', { name: /Valley of the Kings #1/ }).click(WAIT);
      await bob.locator('li.message', { hasText: 'turn 1' }).first().waitFor(WAIT);

      // alice waits for her turn (the computer may play first), then opens her hand.
      await alice.bringToFront();
      const boards = alice.locator('li.message', { hasText: 'it is your turn' });
      await expect
        .poll(async () => (await boards.last().textContent()) ?? '', WAIT)
        .toContain('@alice, it is your turn');
      const board = boards.last();
      await expect.poll(() => board.evaluate((el) => el.classList.contains('mentions-me'))).toBe(true);
      expect(await board.locator('img').first().getAttribute('alt')).toMatch(/Turn \d+: alice to play/);
      await board.getByRole('button', { name: 'My hand' }).click();
      const hand = alice.locator('li.message.ephemeral', { hasText: 'Your hand' }).last();
      await hand.waitFor(WAIT);
      expect(await hand.locator('img').getAttribute('alt')).toMatch(/^alice's hand/);

      // A legal move: entomb the first card the menu offers.
      const entomb = hand.locator('.select', { has: alice.getByRole('button', { name: /Entomb a card/ }) });
      await entomb.getByRole('button', { name: /Entomb a card/ }).click();
      const choice = entomb.locator('.select-options button').first();
      const card = (await choice.locator('span').first().textContent())?.replace(/^Entomb /, '') ?? '';
      await choice.click();
      // The redrawn hand says what was done ("✅ Entomb …"); the menu's own options say "Entomb …" too,
      // so the confirmation, not the card's name alone, is what shows the move was taken.
      await expect.poll(async () => (await hand.textContent()) ?? '', WAIT).toContain(`✅ Entomb ${card}`);
      expect(await hand.getByRole('button', { name: /Entomb a card \(once/ }).count()).toBe(0);

      // bob's page shows the board change (a card in alice's tomb) without reloading.
      await expect
        .poll(
          async () => (await bob.locator('li.message', { hasText: 'turn' }).last().textContent()) ?? '',
          WAIT,
        )
        .toMatch(/alice \d+ VP \(1 in tomb/);
      expect(await bob.getByText('Your hand').count()).toBe(0);
      expect(await bob.getByText('is open in').count()).toBe(0);

      mkdirSync(OUTPUT, { recursive: true });
      await alice.screenshot({ path: join(OUTPUT, 'local-table-alice.png') });
      await bob.screenshot({ path: join(OUTPUT, 'local-table-bob.png') });
      expect(errors).toEqual([]);
    });
  },
);
