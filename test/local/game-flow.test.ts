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
import { FAST, type LocalHarness, startLocalHarness } from './local-harness.ts';

/**
 * A game at the local table as a new player meets it: /valley takes them to the lobby's thread, the
 * line under the command box follows the game (the lobby, whose turn it is, its cancellation; the
 * other states, with the bot's own messages, in game-status.test.ts), and the computer players' pace
 * is chosen on the page, for every tab at once.
 */
let h: LocalHarness;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  // The bot's own default pace, so that the page's choice is what makes the computers quick.
  h = await startLocalHarness({ ...FAST, botDelayMs: 1_500 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

const hint = (page: Page) => page.locator('#hint');
const hintState = (page: Page) => hint(page).getAttribute('data-state');

describe.skipIf(!hasChromium)(
  hasChromium ? 'a game as the page shows it' : `a game as the page shows it (${MISSING})`,
  () => {
    it('follows /valley to its lobby, says whose turn it is, and sets the pace', {
      timeout: 90_000,
    }, async () => {
      const errors: string[] = [];
      const bob = watch(await browser.context.newPage(), errors);
      await bob.goto(h.url);
      await joinTable(bob, 'bob');
      const alice = watch(await browser.context.newPage(), errors);
      await alice.goto(h.url);
      await alice.getByRole('button', { name: 'Switch user' }).click();
      await joinTable(alice, 'alice');
      expect(await hintState(alice)).toBe('none');
      expect(await hint(alice).textContent()).toContain('Type /valley or /archaeology to start a game');

      // The pace: Normal as BOT_DELAY_MS says, Instant once alice chooses it, in bob's tab too.
      const pace = alice.getByLabel("Computer players' pace");
      expect(await pace.inputValue()).toBe('normal');
      await pace.selectOption('instant');
      await expect.poll(() => h.timing.botDelayMs, WAIT).toBe(0);
      await expect.poll(() => bob.getByLabel("Computer players' pace").inputValue(), WAIT).toBe('instant');
      expect(h.timing.autoPassMinMs).toBe(FAST.autoPassMinMs);

      // /valley: the page goes to the lobby's thread.
      await slash(alice, '/valley computers:1');
      await expect
        .poll(() => alice.locator('#channel-title').textContent(), WAIT)
        .toBe('↳ Valley of the Kings #1');
      await expect.poll(() => hintState(alice), WAIT).toBe('lobby');
      expect(await hint(alice).textContent()).toContain('Your lobby');
      // bob stays where he is: the thread was not opened by him.
      expect(await bob.locator('#channel-title').textContent()).toBe('# general');
      await bob.bringToFront();
      await bob.getByRole('button', { name: /Valley of the Kings #1/ }).click(WAIT);
      await expect.poll(() => hint(bob).textContent(), WAIT).toContain('press Join');

      await alice.bringToFront();
      await alice.getByRole('button', { name: 'Start' }).click(WAIT);
      // The game waits for alice on her turn, so both pages must come to say so.
      await expect.poll(() => hintState(alice), WAIT).toBe('your-turn');
      expect(await hint(alice).textContent()).toMatch(/^Your turn \(turn \d+\): press My hand/);
      await expect.poll(() => hint(bob).textContent(), WAIT).toMatch(/^Waiting for alice \(turn \d+\)/);
      expect(await hintState(bob)).toBe('waiting');

      // alice, the host, cancels the game: every page says so.
      await slash(alice, '/manage cancel game:1');
      await expect.poll(() => hintState(alice), WAIT).toBe('cancelled');
      await expect.poll(() => hint(bob).textContent(), WAIT).toMatch(/^Game #1 was cancelled\./);
      expect(errors).toEqual([]);
    });
  },
);
