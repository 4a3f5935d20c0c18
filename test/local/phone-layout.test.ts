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
 * The harness's 15 s, tripled: a hang guard only. Beside two CPU burners and the rest of the suite, the
 * phone's Chromium once took longer than 15 s to settle a hand it was scrolling into view (2026-11-28).
 */
const WAIT = { timeout: 3 * PAGE_WAIT.timeout };

/**
 * The local table on a phone (issue #37): at 390×844, with touch, a whole Valley of the Kings game
 * against an Easy computer, from the lobby to the results, played by tapping the page as a person
 * would. At every step nothing scrolls sideways, the chat keeps the width, and the hand is reachable.
 * Screenshots go to /work/screens (outside the repository), to be looked at.
 */
const SCREENS = process.env.SCARAB_SCREENS ?? '/work/screens';
const PHONE = { width: 390, height: 844 };
/** A turn of the computer and the bot's answers, on two busy cores: waited for, never timed. */
const TURN = { timeout: 90_000 };
/** More than any game lasts: a game that never ends fails here rather than hanging the suite. */
const MOST_STEPS = 400;

let h: LocalHarness;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) return;
  h = await startLocalHarness();
  browser = await launchChromium(PHONE, { isMobile: true, hasTouch: true });
});
afterAll(async () => {
  await browser?.close();
  await h?.stop();
});

/** What a phone must always have: no sideways scroll, and the chat across (nearly) the whole width. */
async function expectPhoneLayout(page: Page, where: string): Promise<void> {
  // A string, run in the page: the tests' own types know no DOM.
  const box: {
    scrollWidth: number;
    bodyScrollWidth: number;
    innerWidth: number;
    chat: number;
    messages: number;
  } = await page.evaluate(`(() => {
      const list = document.getElementById('messages');
      return {
        scrollWidth: document.documentElement.scrollWidth,
        bodyScrollWidth: document.body.scrollWidth,
        innerWidth: window.innerWidth,
        chat: document.querySelector('.chat')?.getBoundingClientRect().width ?? 0,
        // Whatever sticks out of the messages' own column would be cut off, or scroll it sideways.
        messages: list ? list.scrollWidth - list.clientWidth : 0,
      };
    })()`);
  expect(box.scrollWidth, where).toBeLessThanOrEqual(box.innerWidth);
  expect(box.bodyScrollWidth, where).toBeLessThanOrEqual(box.innerWidth);
  expect(box.messages, where).toBeLessThanOrEqual(0);
  expect(box.chat, where).toBeGreaterThanOrEqual(0.9 * box.innerWidth);
}

/**
 * On screen, after the page scrolled it into view as a tap would: across the whole of it, and from its
 * top (a message taller than the screen is read by scrolling on). The vertical check is retried: the
 * list keeps itself at its newest message while the bot posts, which may scroll the target away again.
 */
async function expectOnScreen(target: Locator, what: string): Promise<void> {
  const placed = async () => {
    await target.scrollIntoViewIfNeeded(WAIT);
    const b = await target.boundingBox();
    if (!b || !(await target.isVisible())) return 'not shown';
    expect(b.x, what).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, what).toBeLessThanOrEqual(PHONE.width + 0.5);
    const bottom = b.height <= PHONE.height ? b.y + b.height : b.y;
    return b.y >= 0 && bottom <= PHONE.height + 0.5 ? 'on screen' : `at y ${b.y} (${b.height} tall)`;
  };
  await expect.poll(placed, { ...WAIT, message: what }).toBe('on screen');
}

/** What the page's own types (the tests know no DOM) say of an element's boxes. */
interface ShownBox {
  getClientRects(): { length: number };
  getBoundingClientRect(): { x: number; width: number };
}

/** The hand reply is readable: on screen across, its text wrapped within the width, its controls too. */
async function expectHandReadable(hand: Locator): Promise<void> {
  const heading = hand.locator('.content').first();
  await expectOnScreen(heading, 'the hand’s heading');
  const width = (await heading.boundingBox())?.width ?? 0;
  expect(width, 'the hand’s text column').toBeGreaterThanOrEqual(250);
  // Every control's right edge in one look at the page, not a round trip each (boundingBox's viewport
  // coordinates; a control with no box, not shown, has none).
  const rights = await hand.locator('.btn, .select-toggle').evaluateAll((elements) =>
    (elements as unknown as readonly ShownBox[])
      .filter((e) => e.getClientRects().length > 0)
      .map((e) => {
        const r = e.getBoundingClientRect();
        return r.x + r.width;
      }),
  );
  for (const right of rights) expect(right, 'a control of the hand').toBeLessThanOrEqual(PHONE.width + 0.5);
}

const hint = (page: Page) => page.locator('#hint').getAttribute('data-state');

/** Opens a drawer from the top bar and waits for it to have slid in. */
async function openDrawer(page: Page, name: 'channels' | 'members'): Promise<void> {
  await page.getByRole('button', { name: `Show the ${name}` }).tap(WAIT);
  const drawer = page.locator(name === 'channels' ? '.servers' : '.members');
  const x = name === 'channels' ? 0 : PHONE.width - 272;
  await expect.poll(async () => (await drawer.boundingBox())?.x, WAIT).toBe(x);
}

/** A tap on the darkened chat beside an open drawer closes it, as on Discord's app. */
async function closeDrawer(page: Page, side: 'left' | 'right'): Promise<void> {
  await page.touchscreen.tap(side === 'left' ? 20 : PHONE.width - 20, PHONE.height / 2);
  await expect.poll(() => page.locator('#drawer-backdrop').isHidden(), WAIT).toBe(true);
}

/** Opens a menu of the page (a select menu drawn as Discord's) by its toggle, and taps its first option. */
async function firstOption(toggle: Locator): Promise<void> {
  await toggle.tap(WAIT);
  await toggle.locator('xpath=..').locator('.select-options .select-option').first().tap(WAIT);
}

/** The newest hand reply: its id, to tell a new one from the one before. */
async function newestHand(page: Page): Promise<{ id: string | null; hand: Locator }> {
  const hand = page.locator('li.message.ephemeral', { hasText: 'Your hand' }).last();
  return { id: (await hand.count()) ? await hand.getAttribute('id') : null, hand };
}

/**
 * One move from the hand, the simplest policy that finishes a game: answer a question with its first
 * answer; on the player's turn buy the first card offered (paying the first way listed) once, then end
 * the turn leaving the first card offered on top.
 */
async function move(
  hand: Locator,
  boughtThisTurn: boolean,
): Promise<'bought' | 'ended' | 'moved' | 'nothing'> {
  const select = (name: RegExp) => hand.locator('.select-toggle:not(:disabled)', { hasText: name });
  const buttons = (name: RegExp) => hand.locator('.btn:not(:disabled)', { hasText: name });
  const pay = select(/^Pay for /);
  if (await pay.count()) {
    await firstOption(pay.first());
    return 'moved';
  }
  // Paying by picking cards would need a count of gold: going back and ending the turn is as legal.
  if (await select(/^Cards to pay for /).count()) {
    await buttons(/^Back$/)
      .first()
      .tap(WAIT);
    return 'moved';
  }
  const choose = select(/^Choose…/);
  if (await choose.count()) {
    await firstOption(choose.first());
    return 'moved';
  }
  const answers = hand.locator('.btn.primary:not(:disabled), .btn.secondary:not(:disabled)');
  const buy = buttons(/^Buy /);
  if (!boughtThisTurn && (await buy.count())) {
    await buy.first().tap(WAIT);
    return 'bought';
  }
  const end = buttons(/^End turn$/);
  if (await end.count()) {
    await end.first().tap(WAIT);
    return 'ended';
  }
  const endWith = select(/^End turn/);
  if (await endWith.count()) {
    await firstOption(endWith.first());
    return 'ended';
  }
  const other = answers.filter({ hasNotText: /^(Refresh|Back|Dismiss message)$/ });
  if (await other.count()) {
    await other.first().tap(WAIT);
    return 'moved';
  }
  return 'nothing';
}

describe.skipIf(!hasChromium)(
  hasChromium ? 'the local table on a phone' : `the local table on a phone (${MISSING})`,
  () => {
    it('a whole game against an Easy computer at 390×844, by taps', { timeout: 900_000 }, async () => {
      const errors: string[] = [];
      const page = watch(await browser.context.newPage(), errors);
      await page.goto(h.url);
      await joinTable(page, 'alice');
      await expectPhoneLayout(page, 'joined');
      mkdirSync(SCREENS, { recursive: true });

      // The channel drawer holds the pace; the fastest is chosen there, as a person would.
      await openDrawer(page, 'channels');
      await expectOnScreen(page.getByLabel("Computer players' pace"), 'the pace menu');
      await page.getByLabel("Computer players' pace").selectOption('instant');
      await page.screenshot({ path: `${SCREENS}/local-390-drawer.png` });
      await closeDrawer(page, 'right');
      await openDrawer(page, 'members');
      await expect(page.locator('#member-list').textContent()).resolves.toContain('alice');
      await closeDrawer(page, 'left');

      // /valley from the command box, one computer player; the page follows it to the lobby's thread.
      const box = page.getByLabel('Slash command');
      await expectOnScreen(box, 'the command box');
      await box.tap(WAIT);
      await box.fill('/val');
      await page.getByRole('option', { name: /\/valley/ }).tap(WAIT);
      await page.getByLabel('computers').fill('1');
      await page.getByLabel('computers').press('Enter');
      await expect
        .poll(() => page.locator('#channel-title').textContent(), WAIT)
        .toBe('↳ Valley of the Kings #1');
      const lobby = page.locator('li.message', { hasText: 'game #1 · lobby' }).last();
      await lobby.waitFor(WAIT);

      // The computer plays at Easy: the lobby's own menu for its level.
      await lobby.getByRole('button', { name: 'Computer levels' }).tap(WAIT);
      const levels = page.locator('li.message.ephemeral', { hasText: 'Choose the level' }).last();
      await levels.waitFor(WAIT);
      await levels.locator('.select-toggle').first().tap(WAIT);
      await levels
        .locator('.select-option', { hasText: /Khufu: Easy|2\. .*Easy/ })
        .first()
        .tap(WAIT);
      await expect.poll(() => lobby.textContent(), WAIT).toMatch(/computer, Easy/);
      await expectPhoneLayout(page, 'lobby');
      await page.screenshot({ path: `${SCREENS}/local-390-start.png` });
      await lobby.getByRole('button', { name: 'Start' }).tap(WAIT);

      let steps = 0;
      let turns = 0;
      let bought = false;
      let shotMid = false;
      const started = Date.now();
      try {
        for (;;) {
          // A reaction window asks everyone alike (Respond is on the board for all, so as not to tell who
          // holds a reaction card): the hand says whether alice is asked.
          await expect.poll(() => hint(page), TURN).toMatch(/^(your-turn|decision|reaction|over)$/);
          const state = await hint(page);
          if (state === 'over') break;
          expect(++steps, 'a game that ends').toBeLessThanOrEqual(MOST_STEPS);
          await expectPhoneLayout(page, `step ${steps}`);

          // Each turn (or question) starts from the newest board's My hand, as the board's ping invites;
          // Respond opens the same hand.
          const before = await newestHand(page);
          const myHand = page.getByRole('button', { name: 'My hand' }).last();
          // The computer's move may end the game between reading the line and tapping: the results
          // have no My hand, and the line then says so (seen on a fresh clone, 2026-11-28).
          const next = async () =>
            (await hint(page)) === 'over' ? 'over' : (await myHand.count()) ? 'hand' : '';
          await expect.poll(next, TURN).not.toBe('');
          if ((await next()) === 'over') break;
          await expectOnScreen(myHand, 'My hand');
          await myHand.tap(WAIT);
          await expect.poll(async () => (await newestHand(page)).id, WAIT).not.toBe(before.id);
          const { hand } = await newestHand(page);
          for (let moves = 0; moves < 12; moves++) {
            await expectHandReadable(hand);
            await expectPhoneLayout(page, `hand at step ${steps}`);
            if (!shotMid && turns >= 6) {
              await page.screenshot({ path: `${SCREENS}/local-390-mid.png` });
              shotMid = true;
            }
            const text = (await hand.textContent()) ?? '';
            const done = await move(hand, bought);
            if (done === 'nothing' && state === 'reaction') {
              // Not asked: the window closes without her.
              await expect.poll(() => hint(page), TURN).not.toBe('reaction');
              break;
            }
            if (done === 'nothing') break;
            if (done === 'bought') bought = true;
            // The move is taken once the hand is redrawn, or the game moved on and the line says so.
            await expect
              .poll(
                async () => ((await hand.textContent()) ?? '') !== text || (await hint(page)) !== state,
                TURN,
              )
              .toBe(true);
            if (done === 'ended') {
              bought = false;
              turns++;
            }
            if (done === 'ended' || !/^(your-turn|decision|reaction)$/.test((await hint(page)) ?? '')) break;
          }
        }
      } catch (e) {
        // What the page showed when the policy found itself stuck, to be looked at.
        await page.screenshot({ path: `${SCREENS}/local-390-failed.png` });
        throw e;
      }
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.info(`phone game: ${steps} steps, ${turns} turns of alice's, ${minutes} min of play`);

      const results = page.locator('li.message', { hasText: 'game #1 is over' }).last();
      await results.waitFor(WAIT);
      await expectOnScreen(results.locator('.content').first(), 'the results');
      await expectPhoneLayout(page, 'results');
      // The results are linked with words, and no message shows a raw link's 100 characters.
      await expect
        .poll(() => page.getByRole('link', { name: 'see the results' }).count(), WAIT)
        .toBeGreaterThan(0);
      expect(await page.locator('#messages').textContent()).not.toContain('discord.com/channels');
      await page.screenshot({ path: `${SCREENS}/local-390-results.png` });
      expect(errors).toEqual([]);
    });
  },
);
