import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../remove-dir.ts';
import { type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * Two people at the local table in a real browser (Debian's chromium, as CI installs it): alice opens
 * a game with one computer player, bob watches; alice opens her hand, entombs a card, and bob's page
 * shows the board change without a reload. Screenshots of both pages go to test/.output/.
 */
const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const OUTPUT = new URL('../.output/', import.meta.url).pathname;
const WAIT = { timeout: 15_000 };

let h: LocalHarness;
let browser: BrowserContext;
let profile: string;

beforeAll(async () => {
  if (!hasChromium) return;
  h = await startLocalHarness();
  profile = mkdtempSync(join(tmpdir(), 'scarab-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
  if (profile) removeDir(profile);
});

/** Page errors fail the test instead of passing unseen. */
function watch(page: Page, errors: string[]): Page {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return page;
}

async function join_(page: Page, name: string): Promise<void> {
  await page.getByLabel('New player').fill(name);
  await page.getByRole('button', { name: 'Join the table' }).click();
  await expect.poll(() => page.locator('#me-name').textContent(), WAIT).toBe(name);
}

describe.skipIf(!hasChromium)(
  hasChromium
    ? 'the local table in a browser'
    : `the local table in a browser (skipped: ${CHROMIUM} is missing; apt-get install chromium)`,
  () => {
    it('a game against a computer player, seen live by a second user', { timeout: 60_000 }, async () => {
      const errors: string[] = [];
      const alice = watch(await browser.newPage(), errors);
      await alice.goto(h.url);
      await join_(alice, 'alice');

      // A second tab opens as the last user; "Switch user" makes it bob's.
      const bob = watch(await browser.newPage(), errors);
      await bob.goto(h.url);
      await expect.poll(() => bob.locator('#me-name').textContent(), WAIT).toBe('alice');
      await bob.getByRole('button', { name: 'Switch user' }).click();
      await join_(bob, 'bob');
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
      const opened = alice.locator('li.message.ephemeral', { hasText: 'is open in' });
      await opened.waitFor(WAIT);
      await expect.poll(() => opened.textContent()).toContain('Only you can see this');
      await opened.locator('a.channel-link').click();
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
      await expect.poll(async () => (await hand.textContent()) ?? '', WAIT).toContain(`Entomb ${card}`);
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
