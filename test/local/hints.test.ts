import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  hasChromium,
  joinTable,
  launchChromium,
  MISSING,
  WAIT as PAGE_WAIT,
  watch,
} from './browser-harness.ts';
import { type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * Hints at the local table, in Chromium on a 360 px phone: in a casual game against a computer, Hint in
 * the hand answers privately with the Hard computer's three moves and their chances, readable across the
 * narrow screen; a lobby whose host forbade hints has none in the hand. Screenshots go to /work/screens
 * (outside the repository), to be looked at.
 */
const SCREENS = process.env.SCARAB_SCREENS ?? '/work/screens';
const PHONE = { width: 360, height: 740 };
/** A hang guard only: two busy cores run several bots and browsers. */
const WAIT = { timeout: 3 * PAGE_WAIT.timeout };
/** A computer's turn, or a Hard search, on two busy cores: waited for, never timed. */
const SLOW = { timeout: 120_000 };

let h: LocalHarness;
const browsers: Browser[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  h = await startLocalHarness();
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await h?.stop();
});

/** A phone of its own (a fresh profile): its person joins the table from the first dialog. */
async function phone(name: string, errors: string[]): Promise<Page> {
  const browser = await launchChromium(PHONE, { isMobile: true, hasTouch: true });
  browsers.push(browser);
  const page = watch(await browser.context.newPage(), errors);
  await page.goto(h.url);
  await joinTable(page, name);
  return page;
}

/** /valley with one computer player, from the command box; returns the lobby message. */
async function openLobby(page: Page, id: number): Promise<Locator> {
  const box = page.getByLabel('Slash command');
  await box.tap(WAIT);
  await box.fill('/val');
  await page.getByRole('option', { name: /\/valley/ }).tap(WAIT);
  await page.getByLabel('computers').fill('1');
  await page.getByLabel('computers').press('Enter');
  await expect
    .poll(() => page.locator('#channel-title').textContent(), WAIT)
    .toBe(`↳ Valley of the Kings #${id}`);
  const lobby = page.locator('li.message', { hasText: `game #${id} · lobby` }).last();
  await lobby.waitFor(WAIT);
  return lobby;
}

/** Waits for the person's turn, then opens their hand from the newest board. */
async function handOnTurn(page: Page): Promise<Locator> {
  await expect.poll(() => page.locator('#hint').getAttribute('data-state'), SLOW).toBe('your-turn');
  await page.getByRole('button', { name: 'My hand' }).last().tap(WAIT);
  const hand = page.locator('li.message.ephemeral', { hasText: 'Your hand' }).last();
  await hand.waitFor(WAIT);
  // Drawn whole: its end of turn is there.
  await hand
    .locator('.btn, .select-toggle', { hasText: /^End turn/ })
    .first()
    .waitFor(WAIT);
  return hand;
}

/** Nothing scrolls sideways, and `target` lies across the screen within its width. */
async function expectWithinWidth(page: Page, target: Locator, what: string): Promise<void> {
  const scroll = await page.evaluate('document.documentElement.scrollWidth');
  expect(scroll, what).toBeLessThanOrEqual(PHONE.width);
  const b = await target.boundingBox();
  expect(b, what).not.toBeNull();
  expect(b?.x ?? -1, what).toBeGreaterThanOrEqual(0);
  expect((b?.x ?? 0) + (b?.width ?? 0), what).toBeLessThanOrEqual(PHONE.width + 0.5);
}

describe.skipIf(!hasChromium)(
  hasChromium ? 'hints at the local table' : `hints at the local table (${MISSING})`,
  () => {
    it('Hint answers privately with three moves and their chances, readable at 360 px', {
      timeout: 300_000,
    }, async () => {
      const errors: string[] = [];
      const page = await phone('alice', errors);
      const lobby = await openLobby(page, 1);
      expect(await lobby.textContent()).toContain('Hints: allowed');
      await lobby.getByRole('button', { name: 'Start' }).tap(WAIT);

      const hand = await handOnTurn(page);
      const hint = hand.getByRole('button', { name: 'Hint', exact: true });
      expect(await hint.count()).toBe(1);
      await expectWithinWidth(page, hint, 'the Hint button');
      await hint.tap(WAIT);

      const answer = page.locator('li.message.ephemeral', { hasText: 'Hint (game #1)' }).last();
      await expect
        .poll(async () => (await answer.count()) > 0 && (await answer.textContent()), SLOW)
        .toContain('Hints used in this game: 1.');
      // biome-ignore lint/performance/useDomNodeTextContent: the lines as the reader sees them, broken apart
      const text = (await answer.locator('.content').first().innerText()).replace(/\s+/g, ' ');
      const moves = [...text.matchAll(/(\d)\. (.+?) — about (\d+)% to win \((\d+) games? played out\)/g)];
      expect(moves.map((m) => m[1])).toEqual(['1', '2', '3']);
      for (const m of moves) {
        expect(m[2]?.trim().length ?? 0).toBeGreaterThan(0);
        expect(Number(m[3])).toBeLessThanOrEqual(100);
      }
      // In the search's order, which is not the chances' order: each says how many games stand behind it.
      const games = moves.map((m) => Number(m[4]));
      expect(games).toEqual([...games].sort((a, b) => b - a));
      expect(text).toContain('one dropped earlier was played out less');
      expect(text).toContain('The first move is the one the Hard computer would make');
      // Only alice sees it: a private answer, marked as such.
      expect(await answer.evaluate((el) => el.classList.contains('ephemeral'))).toBe(true);

      await answer.scrollIntoViewIfNeeded(WAIT);
      await expectWithinWidth(page, answer.locator('.content').first(), 'the hint');
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: `${SCREENS}/local-360-hint-end.png` });
      // Taller than the screen: its beginning too.
      await answer.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SCREENS}/local-360-hint.png` });
      expect(errors).toEqual([]);
    });

    it('a lobby that forbids hints has no Hint in the hand', { timeout: 300_000 }, async () => {
      const errors: string[] = [];
      const page = await phone('bob', errors);
      const lobby = await openLobby(page, 2);
      await lobby.getByRole('button', { name: 'Forbid hints' }).tap(WAIT);
      await expect.poll(() => lobby.textContent(), WAIT).toContain('Hints: forbidden by the host');
      await lobby.getByRole('button', { name: 'Start' }).tap(WAIT);

      const hand = await handOnTurn(page);
      expect(await hand.getByRole('button', { name: 'Hint', exact: true }).count()).toBe(0);
      await page.screenshot({ path: `${SCREENS}/local-360-no-hint.png` });
      expect(errors).toEqual([]);
    });
  },
);
