import { mkdirSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import {
  AttachmentBuilder,
  ButtonStyle,
  Client,
  ComponentType,
  Events,
  GatewayIntentBits,
  MessageFlags,
  SeparatorSpacingSize,
  type TextChannel,
} from 'discord.js';
import { pino } from 'pino';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalApi } from '../../src/local/api.ts';
import { PageFeeds } from '../../src/local/feed.ts';
import { LocalWorld } from '../../src/local/local-world.ts';
import { Pace } from '../../src/local/pace.ts';
import { tableState } from '../../src/local/table-state.ts';
import { startWebServer, type WebServer } from '../../src/local/web-server.ts';
import { WorldArchive } from '../../src/local/world-archive.ts';
import { LoopbackDiscord } from '../../src/loopback/index.ts';
import { font } from '../../src/render/fonts.ts';
import { encodePng } from '../../src/render/png.ts';
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { type Browser, hasChromium, launchChromium, MISSING, WAIT, watch } from './browser-harness.ts';

/**
 * The page draws Components V2 messages (issue #37) as Discord's clients do. A tiny discord.js bot at
 * the table posts, as Scarab's bot will, a board (a container with an accent colour: a heading, the
 * picture in a gallery of one, sections with a button and with a thumbnail, separators, rows of a
 * button and a menu inside the container, a file) and a gallery of three; a person reads and presses
 * them at 1280 px and on a phone at 390×844. Screenshots go to /work/screens (outside the repository).
 */
const SCREENS = process.env.SCARAB_SCREENS ?? '/work/screens';
const PHONE = { width: 390, height: 844 };
const ACCENT = 0xe9b949;
const BOARD_ALT = 'The pyramid: Ankh, Canopic Jar and Shabti on its bottom row; Nefer to play';
const CARD_ALT = 'Ushabti, a blue card worth 2 points';
const TOMB_ALTS = ['Nefer’s tomb: 3 cards', 'Khufu’s tomb: 5 cards', 'Sneferu’s tomb: 1 card'];
const LONG_LABEL = 'Buy Canopic Jar, paying with Ankh and Shabti';

let loopback: LoopbackDiscord;
let database: ScarabDatabase;
let world: LocalWorld;
let web: WebServer;
let client: Client;
/** At 1280 px, and a phone's touch screen at 390×844: started together, which saves seconds on two cores. */
let desktop: Browser;
let phone: Browser;
let aliceId: string;
let boardId: string;
let tombsId: string;
/** What the bot was sent: each press and choice, with the message it was made on. */
const pressed: { customId: string; messageId: string; values: string[] }[] = [];
const botErrors: unknown[] = [];

/** A flat picture with a caption: enough to tell pictures apart, to see them scaled, and cropped. */
function picture(width: number, height: number, fill: string, caption: string): Buffer {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = fill;
  g.fillRect(0, 0, width, height);
  g.strokeStyle = '#ffffff';
  g.lineWidth = 6;
  g.strokeRect(3, 3, width - 6, height - 6);
  g.fillStyle = '#ffffff';
  g.font = font(Math.round(height / 8), true);
  g.fillText(caption, 16, height / 2);
  return encodePng(canvas);
}

beforeAll(async () => {
  if (!hasChromium) return;
  const log = pino({ level: 'silent' });
  // Two busy cores can delay the test bot past Discord's 3 s: give it the local harness's 10 s.
  loopback = await LoopbackDiscord.start({
    defaultGuild: false,
    waitTimeoutMs: 5_000,
    ackDeadlineMs: 10_000,
  });
  database = openDatabase(':memory:');
  world = new LocalWorld(loopback, new WorldArchive(database.sqlite), log);
  aliceId = world.createUser('alice').id;
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: loopback.restApi, retries: 0 } });
  client.on(Events.InteractionCreate, (i) => {
    (async () => {
      if (!i.isButton() && !i.isStringSelectMenu()) return;
      const values = i.isStringSelectMenu() ? i.values : [];
      pressed.push({ customId: i.customId, messageId: i.message.id, values });
      await i.reply({
        flags: MessageFlags.IsComponentsV2,
        components: [
          {
            type: ComponentType.TextDisplay,
            content: `<@${i.user.id}> pressed **${i.customId}**${values.length ? ` with ${values.join(', ')}` : ''}`,
          },
        ],
      });
    })().catch((error: unknown) => botErrors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(loopback.token);
  await ready;

  const channel = (await client.channels.fetch(world.channelId)) as TextChannel;
  const board = await channel.send({
    flags: MessageFlags.IsComponentsV2,
    files: [
      new AttachmentBuilder(picture(800, 500, '#7a4f1d', 'The pyramid'), { name: 'board.png' }),
      new AttachmentBuilder(picture(120, 168, '#2b5fa8', 'Ushabti'), { name: 'ushabti.png' }),
      new AttachmentBuilder(Buffer.from('turn 3: Nefer bought Ankh\n'.repeat(100)), { name: 'record.txt' }),
      // Sent, but named by no component: a Components V2 message does not show it.
      new AttachmentBuilder(picture(64, 64, '#ff0000', 'X'), { name: 'unused.png' }),
    ],
    components: [
      {
        type: ComponentType.Container,
        accent_color: ACCENT,
        components: [
          {
            type: ComponentType.TextDisplay,
            content: `# Valley of the Kings\nTurn 3 · <@${aliceId}> to play\n-# The turn runs out in 24 hours`,
          },
          {
            type: ComponentType.MediaGallery,
            items: [{ media: { url: 'attachment://board.png' }, description: BOARD_ALT }],
          },
          { type: ComponentType.Separator, divider: true, spacing: SeparatorSpacingSize.Small },
          {
            type: ComponentType.Section,
            components: [
              { type: ComponentType.TextDisplay, content: '**Canopic Jar** · 3 gold' },
              { type: ComponentType.TextDisplay, content: 'Draw two cards.' },
            ],
            accessory: {
              type: ComponentType.Button,
              style: ButtonStyle.Primary,
              custom_id: 'buy-jar',
              label: 'Buy',
            },
          },
          {
            type: ComponentType.Section,
            components: [{ type: ComponentType.TextDisplay, content: '**Shabti** · 2 gold' }],
            accessory: {
              type: ComponentType.Button,
              style: ButtonStyle.Secondary,
              custom_id: 'buy-long',
              label: LONG_LABEL,
            },
          },
          {
            type: ComponentType.Section,
            components: [
              { type: ComponentType.TextDisplay, content: '**Ushabti**' },
              { type: ComponentType.TextDisplay, content: 'Entomb it for 2 points at the end of the game.' },
            ],
            accessory: {
              type: ComponentType.Thumbnail,
              media: { url: 'attachment://ushabti.png' },
              description: CARD_ALT,
            },
          },
          { type: ComponentType.Separator, divider: false, spacing: SeparatorSpacingSize.Large },
          {
            type: ComponentType.ActionRow,
            components: [
              { type: ComponentType.Button, style: ButtonStyle.Success, custom_id: 'hand', label: 'My hand' },
              {
                type: ComponentType.Button,
                style: ButtonStyle.Secondary,
                custom_id: 'end',
                label: 'End turn',
              },
            ],
          },
          {
            type: ComponentType.ActionRow,
            components: [
              {
                type: ComponentType.StringSelect,
                custom_id: 'pay',
                placeholder: 'Pay with…',
                options: [
                  { label: 'Ankh', value: 'ankh', description: '2 gold' },
                  { label: 'Shabti', value: 'shabti', description: '1 gold' },
                ],
              },
            ],
          },
          { type: ComponentType.File, file: { url: 'attachment://record.txt' } },
        ],
      },
    ],
  });
  boardId = board.id;
  const tombs = await channel.send({
    flags: MessageFlags.IsComponentsV2,
    files: TOMB_ALTS.map(
      (_, n) =>
        new AttachmentBuilder(
          picture(400, 300, ['#3c7a3c', '#7a3c6a', '#3c5a7a'][n] ?? '#000', `Tomb ${n + 1}`),
          {
            name: `tomb-${n + 1}.png`,
          },
        ),
    ),
    components: [
      { type: ComponentType.TextDisplay, content: '## Tombs' },
      {
        type: ComponentType.MediaGallery,
        items: TOMB_ALTS.map((description, n) => ({
          media: { url: `attachment://tomb-${n + 1}.png` },
          description,
          spoiler: n === 2,
        })),
      },
    ],
  });
  tombsId = tombs.id;

  const started = await startWebServer(0, log);
  // This bot has no computer players: the pace is there because the page shows it.
  const pace = new Pace(
    { botDelayMs: 0, autoPassMinMs: 0, autoPassMaxMs: 0 },
    new WorldArchive(database.sqlite),
  );
  const feeds = new PageFeeds(world, () => tableState(world, pace), log);
  started.ready({ api: new LocalApi(world, feeds, pace, log), world, closeStreams: () => feeds.closeAll() });
  web = started;
  mkdirSync(SCREENS, { recursive: true });
  [desktop, phone] = await Promise.all([
    launchChromium({ width: 1280, height: 900 }),
    launchChromium(PHONE, { isMobile: true, hasTouch: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([desktop?.close(), phone?.close()]);
  await web?.stop();
  await client?.destroy();
  world?.close();
  await loopback?.stop();
  database?.close();
});

/** A computed style of the element, as the page's own window computes it. */
const style = (target: Locator, property: string) =>
  target.evaluate(
    (el, p) => el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue(p),
    property,
  );

async function box(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await target.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

/** The text beside a section's accessory (a `has` locator is relative: it starts from the page). */
const sectionText = (page: Page, role: 'button' | 'img', name: string) =>
  page.locator('.section', { has: page.getByRole(role, { name, exact: true }) }).locator('.section-text');

async function openTable(browser: Browser, errors: string[]): Promise<{ page: Page; board: Locator }> {
  const page = watch(await browser.context.newPage(), errors);
  await page.goto(`${web.url}/?as=${aliceId}`);
  const board = page.locator(`#message-${boardId}`);
  await board.waitFor(WAIT);
  await page.locator(`#message-${tombsId}`).waitFor(WAIT);
  return { page, board };
}

/** A press reached the bot on the board, and the page shows its answer. */
async function expectAnswered(page: Page, customId: string, values: string[] = []): Promise<void> {
  await page.locator('li.message', { hasText: `alice pressed ${customId}` }).waitFor(WAIT);
  expect(pressed.filter((p) => p.customId === customId)).toEqual([{ customId, messageId: boardId, values }]);
}

describe.skipIf(!hasChromium)(
  hasChromium ? 'Components V2 on the page' : `Components V2 on the page (${MISSING})`,
  () => {
    it('draws a board and a gallery as Discord does at 1280 px, and its controls answer', async () => {
      const errors: string[] = [];
      const { page, board } = await openTable(desktop, errors);

      // The container: a card with the accent colour down its left side.
      const card = board.getByRole('group');
      expect(await card.count()).toBe(1);
      expect(await style(card, 'border-left-color')).toBe('rgb(233, 185, 73)');
      expect(await style(card, 'border-left-width')).toBe('4px');
      expect(await card.getByRole('heading', { name: 'Valley of the Kings' }).count()).toBe(1);
      expect(await card.locator('.mention-me').textContent()).toBe('@alice');
      expect(await card.locator('.subtext').textContent()).toBe('The turn runs out in 24 hours');

      // The picture, through the page's own address, with the bot's description as its alt text,
      // across the column; the attachment no component names is not shown.
      const picture = card.getByRole('img', { name: BOARD_ALT });
      expect(await picture.getAttribute('src')).toMatch(/^\/attachments\/\d+\/\d+\/board\.png$/);
      await expect
        .poll(
          () => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
          WAIT,
        )
        .toBe(800);
      const cardBox = await box(card);
      const pictureBox = await box(picture);
      expect(pictureBox.width).toBeGreaterThan(cardBox.width - 40);
      expect(pictureBox.height / pictureBox.width).toBeCloseTo(500 / 800, 2);
      expect(await board.getByRole('img').count()).toBe(2);
      expect(await board.locator('.attachments').count()).toBe(0);

      // A section's button on the right of its text; a thumbnail at the top right of its own.
      const buy = card.getByRole('button', { name: 'Buy', exact: true });
      const buyText = sectionText(page, 'button', 'Buy');
      expect((await box(buy)).x).toBeGreaterThan((await box(buyText)).x + (await box(buyText)).width - 1);
      const thumbnail = card.getByRole('img', { name: CARD_ALT });
      const thumbnailText = sectionText(page, 'img', CARD_ALT);
      expect((await box(thumbnail)).x).toBeGreaterThan((await box(thumbnailText)).x + 100);
      expect((await box(thumbnail)).width).toBeLessThanOrEqual(85);

      // One divider, one space; the rows, the menu and the file inside the card.
      expect(await card.getByRole('separator').count()).toBe(1);
      expect(await card.locator('.separator-space.large').count()).toBe(1);
      expect(await card.locator('.action-row .btn').allTextContents()).toEqual(['My hand', 'End turn']);
      const file = card.getByRole('link', { name: /record\.txt/ });
      expect(await file.textContent()).toBe('📄 record.txt (3 KB)');
      expect(await file.getAttribute('href')).toMatch(/^\/attachments\/\d+\/\d+\/record\.txt$/);

      // The gallery of three: one large on the left, two stacked on the right; the third a spoiler.
      const tombs = page.locator(`#message-${tombsId}`);
      expect(await tombs.getByRole('heading', { name: 'Tombs' }).count()).toBe(1);
      const cells = tombs.locator('.gallery-item');
      expect(await cells.count()).toBe(3);
      const [large, top, bottom] = [
        await box(cells.nth(0)),
        await box(cells.nth(1)),
        await box(cells.nth(2)),
      ];
      expect(top.x).toBeGreaterThan(large.x + large.width);
      expect(bottom.x).toBe(top.x);
      expect(bottom.y).toBeGreaterThan(top.y + top.height - 1);
      expect(Math.abs(large.height - (top.height + bottom.height + 4))).toBeLessThanOrEqual(1);
      expect(
        await tombs.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
      ).toEqual(TOMB_ALTS.slice(0, 2));
      await tombs.getByRole('button', { name: 'Spoiler' }).click();
      expect(
        await tombs.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
      ).toEqual(TOMB_ALTS);
      await page.screenshot({ path: `${SCREENS}/local-1280-components-v2.png` });
      await board.screenshot({ path: `${SCREENS}/local-1280-components-v2-board.png` });

      // A section's button, a row's button and a menu inside the container: each press is the bot's.
      await buy.click();
      await expectAnswered(page, 'buy-jar');
      await card.locator('.action-row').getByRole('button', { name: 'End turn' }).click();
      await expectAnswered(page, 'end');
      await card.getByRole('button', { name: 'Pay with…' }).click();
      await card.getByRole('button', { name: /^Ankh/ }).click();
      await expectAnswered(page, 'pay', ['ankh']);
      expect(errors).toEqual([]);
      expect(botErrors).toEqual([]);
      await page.close();
    });

    it('at 390×844 on a phone nothing scrolls sideways, and a tap on a section’s button answers', async () => {
      const errors: string[] = [];
      const { page, board } = await openTable(phone, errors);
      const card = board.getByRole('group');
      await expect
        .poll(
          () =>
            card
              .getByRole('img', { name: BOARD_ALT })
              .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
          WAIT,
        )
        .toBe(800);
      const sideways: { page: number; body: number; list: number; inner: number } =
        await page.evaluate(`(() => {
          const list = document.getElementById('messages');
          return {
            page: document.documentElement.scrollWidth,
            body: document.body.scrollWidth,
            list: list ? list.scrollWidth - list.clientWidth : 0,
            inner: window.innerWidth,
          };
        })()`);
      expect(sideways.page).toBeLessThanOrEqual(sideways.inner);
      expect(sideways.body).toBeLessThanOrEqual(sideways.inner);
      expect(sideways.list).toBeLessThanOrEqual(0);

      // Everything the card holds is inside it, and the card inside the screen.
      const cardBox = await box(card);
      expect(cardBox.x).toBeGreaterThanOrEqual(0);
      expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(PHONE.width);
      const outside = await card.locator('img, .btn, .select-toggle, .file, .content').evaluateAll(
        (parts, edges) => {
          const [left, right] = edges as [number, number];
          return parts
            .filter((el) => {
              const b = el.getBoundingClientRect();
              return b.width === 0 || b.left < left || b.right > right + 0.5;
            })
            .map((el) => el.outerHTML.slice(0, 80));
        },
        [cardBox.x, cardBox.x + cardBox.width],
      );
      expect(outside).toEqual([]);
      // The short button keeps its place beside the text; the long one may go below it, whole.
      const buy = card.getByRole('button', { name: 'Buy', exact: true });
      const buyText = sectionText(page, 'button', 'Buy');
      expect((await box(buy)).x).toBeGreaterThan((await box(buyText)).x + (await box(buyText)).width - 1);
      const long = card.getByRole('button', { name: LONG_LABEL });
      expect(await long.isVisible()).toBe(true);

      await page.screenshot({ path: `${SCREENS}/local-390-components-v2.png` });
      await board.screenshot({ path: `${SCREENS}/local-390-components-v2-board.png` });
      await page.locator(`#message-${tombsId}`).screenshot({
        path: `${SCREENS}/local-390-components-v2-gallery.png`,
      });

      await long.tap();
      await expectAnswered(page, 'buy-long');
      expect(errors).toEqual([]);
      expect(botErrors).toEqual([]);
      await page.close();
    });

    it('draws a component it does not know, or a file the message lacks, as a note, and the rest as usual', async () => {
      const errors: string[] = [];
      const { page } = await openTable(desktop, errors);
      // Neither can come through the loopback, which refuses both as Discord does: drawn directly.
      const drawn: { notes: string[]; text: string; containers: number } = await page.evaluate(`(async () => {
          const { renderComponents } = await import('/components.js');
          const none = () => {};
          const box = renderComponents(
            [
              { type: 17, accent_color: null, components: [
                { type: 99 },
                { type: 10, content: 'still drawn' },
                { type: 12, items: [{ media: { url: 'attachment://gone.png' } }] },
                null,
              ] },
            ],
            { click: none, select: none, entityOptions: () => [], markdown: (t) => document.createTextNode(t) },
            true,
          );
          return {
            notes: [...box.querySelectorAll('.component-unsupported')].map((n) => n.textContent),
            text: box.querySelector('.text-display')?.textContent ?? '',
            containers: box.querySelectorAll('.v2-container:not(.accent)').length,
          };
        })()`);
      expect(drawn).toEqual({
        notes: [
          '(a component of type 99 that this page does not draw)',
          '(the file gone.png is not attached to this message)',
          '(a component of type ? that this page does not draw)',
        ],
        text: 'still drawn',
        containers: 1,
      });
      expect(errors).toEqual([]);
      await page.close();
    });

    it('tiles galleries of 2 to 10 pictures in rows of Discord’s', async () => {
      const errors: string[] = [];
      const { page, board } = await openTable(desktop, errors);
      const src = await board.locator('.gallery img').first().getAttribute('src');
      // Laid out in a column of a message's width, each gallery's cells counted row by row.
      const rows: Record<string, number[]> = await page.evaluate(`(async () => {
          const { renderComponents } = await import('/components.js');
          const none = () => {};
          const column = document.createElement('div');
          column.style.width = '600px';
          document.body.append(column);
          const out = {};
          for (let n = 2; n <= 10; n++) {
            const box = renderComponents(
              [{ type: 12, items: Array.from({ length: n }, () => ({ media: { url: ${JSON.stringify(src)} } })) }],
              { click: none, select: none, entityOptions: () => [], markdown: (t) => document.createTextNode(t) },
              true,
            );
            column.replaceChildren(box);
            const tops = new Map();
            for (const cell of box.querySelectorAll('.gallery-item')) {
              const top = Math.round(cell.getBoundingClientRect().top);
              tops.set(top, (tops.get(top) ?? 0) + 1);
            }
            out[n] = [...tops.entries()].sort((a, b) => a[0] - b[0]).map((e) => e[1]);
          }
          column.remove();
          return out;
        })()`);
      // Three is one large picture beside two stacked: its rows start with both the large and the first small.
      expect(rows).toEqual({
        2: [2],
        3: [2, 1],
        4: [2, 2],
        5: [2, 3],
        6: [3, 3],
        7: [1, 3, 3],
        8: [2, 3, 3],
        9: [3, 3, 3],
        10: [1, 3, 3, 3],
      });
      expect(errors).toEqual([]);
      await page.close();
    });
  },
);
