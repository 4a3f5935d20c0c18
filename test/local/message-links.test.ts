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
 * Links to the table's own messages (a board's "see the results", /mygames, /board's answer, turn
 * DMs) open as a Discord client opens them: in place, the channel shown and the message brought into
 * view and highlighted; never a browser tab at discord.com. Other links still open a tab.
 */
const elsewhereText = (channel: string) =>
  `https://discord.com/channels/1575587580232204999/${channel}/1575587580232204998`;

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
  hasChromium ? 'links on the local page' : `links on the local page (${MISSING})`,
  () => {
    it('a link to a board opens its thread, scrolled to the board and highlighted', {
      timeout: 60_000,
    }, async () => {
      const errors: string[] = [];
      const alice = watch(await browser.context.newPage(), errors);
      await alice.goto(h.url);
      await joinTable(alice, 'alice');
      await slash(alice, '/valley computers:1');
      await expect
        .poll(() => alice.locator('#channel-title').textContent(), WAIT)
        .toBe('↳ Valley of the Kings #1');
      await alice.getByRole('button', { name: 'Start' }).click(WAIT);
      await alice.locator('li.message', { hasText: 'turn 1' }).first().waitFor(WAIT);

      // In the channel, /board answers with a link to the game's board.
      await alice.locator('#channel-list button.channel.text').first().click(WAIT);
      await expect.poll(() => alice.locator('#channel-title').textContent(), WAIT).not.toMatch(/Valley/);
      await slash(alice, '/board');
      const answer = alice.locator('li.message.ephemeral', { hasText: 'Posted the board of' }).last();
      await answer.waitFor(WAIT);
      const link = answer.locator('a[href*="discord.com/channels/"]');
      const href = (await link.getAttribute('href')) ?? '';
      const messageId = href.split('/').at(-1) ?? '';
      expect(await link.getAttribute('target')).toBeNull();
      // A masked link: the game's name, as Discord shows a masked link's words, not the address.
      expect(await link.textContent()).toBe('Valley of the Kings #1');

      // alice's hand below the board: the link must bring the board up, not leave the list at its end.
      await alice.locator('#channel-list button.channel.thread').first().click(WAIT);
      await alice.locator(`#message-${messageId}`).getByRole('button', { name: 'My hand' }).click(WAIT);
      await alice.locator('li.message.ephemeral', { hasText: 'Your hand' }).last().waitFor(WAIT);
      await alice.locator('#channel-list button.channel.text').first().click(WAIT);
      await answer.waitFor(WAIT);

      const tabs = browser.context.pages().length;
      await link.click();
      await expect
        .poll(() => alice.locator('#channel-title').textContent(), WAIT)
        .toBe('↳ Valley of the Kings #1');
      const board = alice.locator(`#message-${messageId}`);
      await expect.poll(() => board.evaluate((el) => el.classList.contains('highlighted')), WAIT).toBe(true);
      // In view: inside the scrolled list of messages, not below it.
      const inView = () =>
        board.evaluate((el) => {
          const list = el.parentElement?.getBoundingClientRect(); // the list of messages
          const box = el.getBoundingClientRect();
          return list !== undefined && box.top >= list.top - 1 && box.top < list.bottom;
        });
      await expect.poll(inView, WAIT).toBe(true);
      await alice.screenshot({
        path: new URL('../.output/local-table-message-link.png', import.meta.url).pathname,
      });
      expect(browser.context.pages()).toHaveLength(tabs);

      // A link to a channel alone opens the channel; any other address still opens a tab of its own.
      const table = (await (await fetch(`${h.url}/api/state`)).json()) as {
        guild: { id: string };
        defaultChannelId: string;
      };
      const here = { guild: table.guild.id, channel: table.defaultChannelId };
      // A script of the page's own, as a string: the test's transform would rewrite its import().
      const rendered = (await alice.evaluate(`(async () => {
        const { renderMarkdown } = await import('/markdown.js');
        const here = ${JSON.stringify(here)};
        const opened = [];
        const ctx = {
          userName: () => null,
          channelName: () => 'general',
          meId: null,
          guildId: here.guild,
          openChannel: () => {},
          openMessage: (channelId, messageId) => void opened.push([channelId, messageId]),
        };
        const elsewhere = 'https://discord.com/channels/1575587580232204999/' + here.channel + '/1575587580232204998';
        const box = document.createElement('div');
        const message = 'https://discord.com/channels/' + here.guild + '/' + here.channel + '/1575587580232204997';
        box.append(renderMarkdown(
          'https://discord.com/channels/' + here.guild + '/' + here.channel + ' https://example.com/x ' + elsewhere +
            ' ' + message + ' [see the results](' + message + ')',
          ctx,
        ));
        document.body.append(box);
        const links = [...box.querySelectorAll('a')];
        links[0].click();
        box.remove();
        return {
          opened,
          links: links.map((a) => [a.target, a.rel]),
          faces: links.map((a) => [a.className, a.textContent, a.getAttribute('aria-label')]),
        };
      })()`)) as { opened: [string, string | null][]; links: string[][]; faces: (string | null)[][] };
      expect(rendered.opened).toEqual([[here.channel, null]]);
      expect(rendered.links).toEqual([
        ['', ''],
        ['_blank', 'noopener noreferrer'],
        ['_blank', 'noopener noreferrer'],
        ['', ''],
        ['', ''],
      ]);
      // As Discord's clients draw them: a bare link into the table is a chip naming the channel (a
      // message's with "›" and a speech bubble), a masked link shows its words, any other its address.
      expect(rendered.faces).toEqual([
        ['message-link chip', '#general', '#general'],
        ['', 'https://example.com/x', null],
        ['', elsewhereText(here.channel), null],
        ['message-link chip', '#general›', '#general › message'],
        ['message-link', 'see the results', null],
      ]);
      expect(errors).toEqual([]);
    });
  },
);
