import type { Page } from 'playwright-core';
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
import { FAST, type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * The command box as a Discord client in the reader's language shows it: a Spanish reader finds
 * `/valle` (and finds it by `/valley` too), fills `máquinas`, and the bot gets `/valley computers:1`
 * and opens the lobby. The language switch reads the commands again, a command already chosen
 * included. English readers' `/valley` is browser.test.ts's and game-flow.test.ts's.
 */
let h: LocalHarness;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  h = await startLocalHarness(FAST);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

// Found by id: the box's own label follows the language.
const box = (page: Page) => page.locator('#command-input');
const option = (page: Page, name: RegExp) => page.locator('#suggestions').getByRole('option', { name });
const chip = (page: Page) => page.locator('#command-chip').textContent();

describe.skipIf(!hasChromium)(
  hasChromium
    ? 'the command box in the reader’s language'
    : `the command box in the reader’s language (${MISSING})`,
  () => {
    it('a Spanish reader runs /valle and the lobby opens', { timeout: 90_000 }, async () => {
      const errors: string[] = [];
      const page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'rosa');

      // In English, /valley with a value filled in; then the switch turns the chosen command Spanish.
      await box(page).fill('/vall');
      await option(page, /^\/valley Open a lobby for a new game of Valley of the Kings$/).waitFor(WAIT);
      await box(page).press('Enter');
      await page.getByLabel('computers').fill('1');
      await page.locator('#language').selectOption('es-ES');
      await expect.poll(() => chip(page), WAIT).toBe('/valle');
      expect(await page.getByLabel('máquinas').inputValue()).toBe('1');

      // Spanish from the start of a visit: the hint line names the commands as the box shows them.
      await page.reload();
      await expect
        .poll(() => page.locator('#hint').textContent(), WAIT)
        .toBe(
          'Escribe /valle o /arqueología para empezar una partida, añade jugadores máquina en su sala y pulsa Empezar.',
        );
      // Discord's picker finds a localized command by its default name too, and shows it localized.
      await box(page).fill('/valley');
      await option(page, /^\/valle Abre/).waitFor(WAIT);
      expect(await page.locator('#suggestions .s-name').allTextContents()).toEqual(['/valle']);
      await box(page).fill('/valle');
      await option(page, /^\/valle Abre una sala para una nueva partida de Valle de los Reyes$/).waitFor(
        WAIT,
      );
      await box(page).press('Enter');
      expect(await chip(page)).toBe('/valle');
      const computers = page.getByLabel('máquinas');
      expect(await computers.getAttribute('aria-description')).toMatch(/^Jugadores de la máquina/);
      await computers.fill('1');
      await computers.press('Enter');
      // The bot answered `/valley` (the loopback refuses a command by a name it was not registered
      // with): the page follows its answer to the lobby's thread.
      await expect.poll(() => page.locator('#hint').getAttribute('data-state'), WAIT).toBe('lobby');
      expect(await page.locator('#channel-title').textContent()).toMatch(/^↳ .+ #1$/);
      // Its `computers: 1` seated one computer player.
      await expect
        .poll(() => page.locator('li.message').last().textContent(), WAIT)
        .toMatch(/Asientos \(2\/6\):\s*1\. @rosa\s*2\. 🤖 .+ \(máquina, Normal\)/);

      // Back in #general, the private reply to it: the line above it names the command as the
      // reader's picker does (Discord's interaction says `valley`), and its dismiss button cannot be
      // taken for the game's "descartar" (discard).
      await page.locator('#channel-list button.channel.text', { hasText: 'general' }).click();
      const reply = page.locator('li.message.ephemeral').last();
      await reply.waitFor(WAIT);
      await expect
        .poll(() => reply.locator('.interaction-line').textContent(), WAIT)
        .toBe('↱ rosa ha usado /valle');
      expect(await reply.locator('.ephemeral-note button').textContent()).toBe('Ocultar mensaje');

      // Back to English: the commands are read again.
      await page.locator('#language').selectOption('en-US');
      await expect.poll(() => page.locator('html').getAttribute('lang'), WAIT).toBe('en');
      await box(page).fill('/vall');
      await option(page, /^\/valley Open a lobby/).waitFor(WAIT);
      expect(errors).toEqual([]);
    });
  },
);
