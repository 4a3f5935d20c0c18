import type { Page } from 'playwright-core';
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
 * A tab left open while `npm start` restarts: the bot comes back under a new id (the loopback makes
 * a new application each start), and the page must learn it, or every message the bot posts from
 * then on has an unknown author. The page must also reconnect at all, though the table answered it
 * 503 while starting.
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

const authors = (page: Page) => page.locator('#messages li.message .author').allTextContents();

describe.skipIf(!hasChromium)(
  hasChromium ? 'an open page across a restart' : `an open page across a restart (${MISSING})`,
  () => {
    it("names the restarted bot's messages, old and new", { timeout: 90_000 }, async () => {
      const errors: string[] = [];
      const page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'alice');
      await slash(page, '/valley computers:1');
      await page.getByRole('button', { name: /Valley of the Kings #1/ }).click(WAIT);
      await page.getByRole('button', { name: 'Start' }).waitFor(WAIT);
      expect(await authors(page)).toEqual(['Scarab']);

      // The page's first attempt to reconnect meets the table still starting (503), as it does when
      // `npm start` takes longer than the browser's retry; a browser gives up on such an answer.
      let attempts = 0;
      await page.route(
        (url) => url.pathname === '/api/feed',
        async (route) => {
          attempts++;
          if (attempts === 1)
            await route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'the local table is still starting; try again in a moment' }),
            });
          else await route.continue();
        },
      );
      await h.restart();

      // The lobby is edited by the restarted bot (a computer player joins), then the game starts
      // with a board that is a new message.
      await page.getByRole('button', { name: 'Add computer player' }).click(WAIT);
      await expect
        .poll(async () => (await page.locator('#messages').textContent()) ?? '', WAIT)
        .toMatch(/\(computer, Normal\)[\s\S]*\(computer, Normal\)/);
      await page.getByRole('button', { name: 'Start' }).click(WAIT);
      await page.locator('li.message', { hasText: 'turn 1' }).first().waitFor(WAIT);
      const names = await authors(page);
      expect(names.length).toBeGreaterThan(1);
      expect(new Set(names)).toEqual(new Set(['Scarab']));
      expect(attempts).toBeGreaterThan(1);
      // The browser's own note of the refused stream is expected; nothing else.
      expect(errors.filter((e) => !e.includes('status of 503 (Service Unavailable)'))).toEqual([]);
    });
  },
);
