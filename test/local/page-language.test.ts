import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
import { type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * The page's own texts follow the language switch at once, without a reload: the labels of index.html
 * and what the page draws from data (the pace menu, the members, the hint line, the welcome). The
 * choice is kept for the next visit, and a failure to change it is shown, not swallowed.
 */
const OUTPUT = new URL('../.output/', import.meta.url).pathname;
let h: LocalHarness;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  // The bot's own default pace, so that the pace menu shows Normal's 1.5 s.
  h = await startLocalHarness({ botDelayMs: 1_500, autoPassMinMs: 5, autoPassMaxMs: 30 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

const paceLabel = (page: Page) => page.locator('label[for="pace"]').textContent();
const placeholder = (page: Page) => page.locator('#command-input').getAttribute('placeholder');
const membersHeading = (page: Page) => page.locator('.members h2').textContent();
const paceOption = (page: Page) => page.locator('#pace option[value="normal"]').textContent();

async function expectEnglish(page: Page): Promise<void> {
  await expect.poll(() => paceLabel(page), WAIT).toBe("Computer players' pace");
  await expect
    .poll(() => placeholder(page), WAIT)
    .toBe('Type / to use a command: each game’s own command opens a lobby');
  expect(await membersHeading(page)).toBe('Members');
  expect(await page.locator('.members').getAttribute('aria-label')).toBe('Members');
  expect(await paceOption(page)).toBe('Normal · 1.5 s');
  expect(await page.locator('#switch-user').textContent()).toBe('Switch user');
  // The command box reads the commands again after the switch: the hint line names them once it has.
  await expect
    .poll(() => page.locator('#hint').textContent(), WAIT)
    .toBe(
      'Type /valley or /archaeology to start a game, add computer players in its lobby, then press Start.',
    );
  expect(await page.locator('li.welcome h2').textContent()).toBe('Welcome to #general!');
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
}

async function expectSpanish(page: Page): Promise<void> {
  await expect.poll(() => paceLabel(page), WAIT).toBe('Ritmo de los jugadores máquina');
  await expect
    .poll(() => placeholder(page), WAIT)
    .toBe('Escribe / para usar un comando: el comando de cada juego abre una sala');
  expect(await membersHeading(page)).toBe('Miembros');
  expect(await page.locator('.members').getAttribute('aria-label')).toBe('Miembros');
  // Numbers are written the language's way.
  expect(await paceOption(page)).toBe('Normal · 1,5 s');
  expect(await page.locator('#switch-user').textContent()).toBe('Cambiar de usuario');
  // Named as the command box shows them, once it has read them in Spanish.
  await expect
    .poll(() => page.locator('#hint').textContent(), WAIT)
    .toBe(
      'Escribe /valle o /arqueología para empezar una partida, añade jugadores máquina en su sala y pulsa Empezar.',
    );
  expect(await page.locator('li.welcome h2').textContent()).toBe('¡Te damos la bienvenida a #general!');
  expect(await page.locator('#member-list').textContent()).toContain('tú');
  expect(await page.locator('html').getAttribute('lang')).toBe('es');
}

describe.skipIf(!hasChromium)(
  hasChromium ? 'the page’s own texts in the reader’s language' : `the page’s own texts (${MISSING})`,
  () => {
    it('switch to Español and back, without a reload', { timeout: 60_000 }, async () => {
      const errors: string[] = [];
      const page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'ana');
      await page.locator('li.welcome').waitFor(WAIT);
      await expect.poll(() => placeholder(page), WAIT).toMatch(/each game’s own command/);
      await expectEnglish(page);

      // A mark left in the page's memory: a reload would lose it.
      await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }));
      await page.locator('#language').selectOption('es-ES');
      await expectSpanish(page);
      // The label is the switch's own: the control is found by its Spanish name.
      expect(await page.getByLabel('Ritmo de los jugadores máquina').inputValue()).toBe('normal');
      expect(await page.evaluate(() => 'notReloaded' in globalThis)).toBe(true);
      mkdirSync(OUTPUT, { recursive: true });
      await page.screenshot({ path: join(OUTPUT, 'local-table-spanish.png') });

      // The choice is kept for the next visit: the page opens in Spanish, and so does the first dialog.
      await page.reload();
      await expectSpanish(page);
      const newcomer = watch(await browser.context.newPage(), errors);
      await newcomer.goto(`${h.url}/?as=nobody`);
      await expect
        .poll(() => newcomer.locator('#picker-title').textContent(), WAIT)
        .toBe('¿Quién está al teclado?');
      expect(await newcomer.getByRole('button', { name: 'Sentarse a la mesa' }).count()).toBe(1);
      expect(await newcomer.locator('#new-name').getAttribute('placeholder')).toBe('Tu nombre');
      await newcomer.close();

      await page.locator('#language').selectOption('en-US');
      await expectEnglish(page);
      expect(await page.evaluate(() => 'notReloaded' in globalThis)).toBe(false);
      expect(errors).toEqual([]);
    });

    it('a language the table failed to set is said, not swallowed', { timeout: 60_000 }, async () => {
      const page = await browser.context.newPage();
      // This browser chose Spanish last time; the table refuses to change ana's language this time.
      await page.addInitScript("localStorage.setItem('scarab.local.locale', 'es-ES')");
      await page.route('**/api/users/*/locale', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'the table could not keep it' }),
        }),
      );
      await page.goto(`${h.url}/?as=ana`);
      const error = page.locator('#language-error');
      await error.waitFor(WAIT);
      // ana's language stays English, and so does the page, the message included.
      await expect
        .poll(() => error.textContent(), WAIT)
        .toBe('Could not change the language: the table could not keep it');
      expect(await page.locator('#language').inputValue()).toBe('en-US');
      await expectEnglish(page);
      await page.close();
    });
  },
);
