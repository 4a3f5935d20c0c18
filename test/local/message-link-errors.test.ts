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
 * A link to one of the table's messages that can no longer be followed says why, as a Discord client
 * does: the message is gone (the channel opens, and its end says so), or the channel is one the reader
 * cannot see (said under the link, and the reader stays where they are).
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

const NO_MESSAGE = 'The message this link points to is not in this channel any more.';
const NO_CHANNEL = 'You cannot see the channel this link points to.';

describe.skipIf(!hasChromium)(
  hasChromium ? 'links that cannot be followed on the local page' : `links on the local page (${MISSING})`,
  () => {
    it('a link to a message gone, then to a channel gone, says so', { timeout: 60_000 }, async () => {
      const errors: string[] = [];
      const alice = watch(await browser.context.newPage(), errors);
      await alice.goto(h.url);
      await joinTable(alice, 'alice');
      await slash(alice, '/valley computers:1');
      const thread = '↳ Valley of the Kings #1';
      await expect.poll(() => alice.locator('#channel-title').textContent(), WAIT).toBe(thread);
      await alice.getByRole('button', { name: 'Start' }).click(WAIT);
      await alice.locator('li.message', { hasText: 'turn 1' }).first().waitFor(WAIT);

      // In the channel, /board answers with a link to the game's board, in its thread.
      await alice.locator('#channel-list button.channel.text').first().click(WAIT);
      const channel = (await alice.locator('#channel-title').textContent()) ?? '';
      expect(channel).not.toMatch(/Valley/);
      await slash(alice, '/board');
      const answer = alice.locator('li.message.ephemeral', { hasText: 'Posted the board of' }).last();
      await answer.waitFor(WAIT);
      const link = answer.locator('a[href*="discord.com/channels/"]');
      const [threadId, boardId] = ((await link.getAttribute('href')) ?? '').split('/').slice(-2);
      expect(await alice.locator('.link-error').count()).toBe(0);

      // A moderator deletes the board: the link opens the thread, whose end says the message is gone.
      h.table.loopback.world.deleteMessage(boardId as string);
      await link.click();
      await expect.poll(() => alice.locator('#channel-title').textContent(), WAIT).toBe(thread);
      const last = alice.locator('#messages > li').last();
      await expect
        .poll(() => last.locator('.link-error[role="alert"]').allTextContents(), WAIT)
        .toEqual([NO_MESSAGE]);
      expect(await alice.locator(`#message-${boardId}`).count()).toBe(0);
      expect(await alice.getByText(NO_CHANNEL).count()).toBe(0);

      // A moderator deletes the thread: the same link, back in the channel, says it cannot be seen and
      // leaves the reader in the channel.
      await alice.locator('#channel-list button.channel.text').first().click(WAIT);
      await expect.poll(() => alice.locator('#channel-title').textContent(), WAIT).toBe(channel);
      h.table.loopback.control.deleteChannel(threadId as string);
      await expect.poll(() => alice.locator('#channel-list button.channel.thread').count(), WAIT).toBe(0);
      await answer.locator('a[href*="discord.com/channels/"]').click();
      await expect
        .poll(() => answer.locator('.link-error[role="alert"]').allTextContents(), WAIT)
        .toEqual([NO_CHANNEL]);
      expect(await alice.locator('#channel-title').textContent()).toBe(channel);
      // Followed again, it says so once.
      await answer.locator('a[href*="discord.com/channels/"]').click();
      await expect.poll(() => answer.locator('.link-error').count(), WAIT).toBe(1);
      expect(await alice.getByText(NO_MESSAGE).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  },
);
