import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  LabelBuilder,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
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
import { openDatabase, type ScarabDatabase } from '../../src/store/database.ts';
import { type Browser, hasChromium, launchChromium, MISSING, WAIT } from './browser-harness.ts';

/**
 * Scarab's bot opens no modal and sends no embed, but the page must draw both for any bot. A tiny
 * discord.js bot at the same table opens a modal from a command and from a button, and answers with
 * an embed; a person fills the modals in the browser.
 */
const OUTPUT = new URL('../.output/', import.meta.url).pathname;

let loopback: LoopbackDiscord;
let database: ScarabDatabase;
let world: LocalWorld;
let web: WebServer;
let client: Client;
let browser: Browser;
const botErrors: unknown[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  const log = pino({ level: 'silent' });
  // Two busy cores in CI can delay the test bot past Discord's 3 s: give it the local harness's 10 s.
  loopback = await LoopbackDiscord.start({
    defaultGuild: false,
    waitTimeoutMs: 5_000,
    ackDeadlineMs: 10_000,
  });
  database = openDatabase(':memory:');
  world = new LocalWorld(loopback, new WorldArchive(database.sqlite), log);
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: loopback.restApi, retries: 0 } });
  client.on(Events.InteractionCreate, (i) => {
    (async () => {
      if (i.isChatInputCommand() && i.commandName === 'form') {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('form-modal')
            .setTitle('Tell the table')
            .addLabelComponents(
              new LabelBuilder()
                .setLabel('Your name')
                .setTextInputComponent(
                  new TextInputBuilder().setCustomId('name').setStyle(TextInputStyle.Short).setMaxLength(20),
                ),
              new LabelBuilder()
                .setLabel('A story')
                .setTextInputComponent(
                  new TextInputBuilder()
                    .setCustomId('story')
                    .setStyle(TextInputStyle.Paragraph)
                    .setRequired(false),
                ),
              new LabelBuilder()
                .setLabel('Mood')
                .setStringSelectMenuComponent(
                  new StringSelectMenuBuilder()
                    .setCustomId('mood')
                    .addOptions({ label: 'Happy', value: 'happy' }, { label: 'Sad', value: 'sad' }),
                ),
            ),
        );
      } else if (i.isModalSubmit() && i.customId === 'form-modal') {
        await i.reply({
          content: `Thanks <@${i.user.id}>!`,
          embeds: [
            {
              title: `${i.fields.getTextInputValue('name')} is ${i.fields.getStringSelectValues('mood').join()}`,
              description: `> ${i.fields.getTextInputValue('story') || '(no story)'}\n**bold** and \`code\``,
              color: 0xe9b949,
              fields: [
                { name: 'Seat', value: '1', inline: true },
                { name: 'Score', value: '12 VP', inline: true },
              ],
              footer: { text: 'an embed from a test bot' },
            },
          ],
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('rename').setLabel('Rename').setStyle(ButtonStyle.Secondary),
            ),
          ],
        });
      } else if (i.isButton() && i.customId === 'rename') {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('rename-modal')
            .setTitle('Rename')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder()
                  .setCustomId('title')
                  .setLabel('New title')
                  .setStyle(TextInputStyle.Short),
              ),
            ),
        );
      } else if (i.isModalSubmit() && i.customId === 'rename-modal' && i.isFromMessage()) {
        await i.update({
          content: `Renamed to ${i.fields.getTextInputValue('title')}`,
          embeds: [],
          components: [],
        });
      }
    })().catch((error: unknown) => botErrors.push(error));
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(loopback.token);
  await ready;
  await client.application?.commands.set([{ name: 'form', description: 'Opens a form' }], world.guildId);
  const started = await startWebServer(0, log);
  // This bot has no computer players: the pace is there because the page shows it.
  const pace = new Pace(
    { botDelayMs: 0, autoPassMinMs: 0, autoPassMaxMs: 0 },
    new WorldArchive(database.sqlite),
  );
  const feeds = new PageFeeds(world, () => tableState(world, pace), log);
  started.ready({
    api: new LocalApi(world, feeds, pace, log),
    world,
    closeStreams: () => feeds.closeAll(),
  });
  web = started;
  browser = await launchChromium({ width: 1200, height: 800 });
});
afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await client?.destroy();
  world?.close();
  await loopback?.stop();
  database?.close();
});

/** Waits for a modal; if none comes, says what the page, the bot and the loopback saw instead. */
async function waitForModal(page: Page, modal: Locator): Promise<void> {
  await modal.waitFor(WAIT).catch(async (e: unknown) => {
    const composerError = await page.locator('#composer-error').textContent();
    throw new Error(
      `no modal: ${String(e)}; the page says: ${composerError || 'nothing'}; bot errors: ${botErrors.map(String).join('; ') || 'none'}; failed: ${JSON.stringify(
        loopback.control
          .requests()
          .filter((r) => r.status >= 400)
          .map((r) => [r.route, r.status]),
      )}`,
    );
  });
}

describe.skipIf(!hasChromium)(
  hasChromium ? 'modals and embeds on the page' : `modals and embeds on the page (${MISSING})`,
  () => {
    it('fills a modal from a command and from a button, and draws the embed', async () => {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(web.url);
      await page.getByLabel('New player').fill('alice');
      await page.getByRole('button', { name: 'Join the table' }).click();

      const box = page.getByLabel('Slash command');
      await box.fill('/form');
      await box.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Tell the table' });
      await waitForModal(page, modal);
      await modal.getByLabel('Your name').fill('Alice');
      await modal.getByLabel('A story').fill('We built a pyramid.');
      await modal.getByLabel('Mood').selectOption('happy');
      await modal.getByRole('button', { name: 'Submit' }).click();

      const reply = page.locator('li.message', { hasText: 'Thanks' });
      await reply.waitFor(WAIT);
      expect(await reply.evaluate((el) => el.classList.contains('mentions-me'))).toBe(true);
      expect(await reply.locator('.mention-me').textContent()).toBe('@alice');
      const embed = reply.locator('.embed');
      expect(await embed.locator('.embed-title').textContent()).toBe('Alice is happy');
      expect(await embed.locator('blockquote').textContent()).toBe('We built a pyramid.');
      expect(await embed.locator('strong').textContent()).toBe('bold');
      expect(await embed.locator('code').textContent()).toBe('code');
      expect(await embed.locator('.embed-field.inline').count()).toBe(2);
      expect(await embed.getAttribute('style')).toContain('border-left-color: rgb(233, 185, 73)');
      mkdirSync(OUTPUT, { recursive: true });
      await page.screenshot({ path: join(OUTPUT, 'local-table-modal-embed.png') });

      await reply.getByRole('button', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename' });
      await rename.getByLabel('New title').fill('The pyramid');
      await rename.getByRole('button', { name: 'Submit' }).click();
      await page.locator('li.message', { hasText: 'Renamed to The pyramid' }).waitFor(WAIT);
      expect(await page.locator('.embed').count()).toBe(0);
      expect(errors).toEqual([]);
      expect(botErrors).toEqual([]);
    });

    it('runs a command typed while the page is still opening its channel', async () => {
      const carol = (await (
        await fetch(`${web.url}/api/users`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'carol' }),
        })
      ).json()) as { id: string };
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // The channel's messages are held back until the command has been typed and sent: on a busy
      // machine a quick typist gets there first, and the page must neither lose nor refuse the command.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => /^\/api\/channels\/[^/]+\/messages$/.test(url.pathname),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(`${web.url}/?as=${carol.id}`);
      const box = page.getByLabel('Slash command');
      await box.fill('/form');
      await box.press('Enter');
      release();
      await waitForModal(page, page.getByRole('dialog', { name: 'Tell the table' }));
      expect(errors).toEqual([]);
      await page.close();
    });
  },
);
