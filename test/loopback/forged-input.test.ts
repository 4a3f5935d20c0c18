import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  StringSelectMenuBuilder,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl, LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { asCommand, type Harness, startHarness } from './harness.ts';

let h: Harness;
let control: LoopbackControl;
let alice: LoopbackUser;
let bob: LoopbackUser;
let board: LoopbackMessage;
/** What the bot was told, per interaction: the custom_id, the component type and any values. */
const received: { customId: string; type: ComponentType; values?: readonly string[] }[] = [];

beforeAll(async () => {
  h = await startHarness({
    commands: [
      { name: 'board', description: 'a board with a button and a menu' },
      { name: 'secret', description: 'an ephemeral board' },
    ],
  });
  control = h.loopback.control;
  alice = control.createUser('alice');
  bob = control.createUser('bob');
  const components = [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('play').setLabel('Play').setStyle(ButtonStyle.Primary),
      new ButtonBuilder()
        .setCustomId('spent')
        .setLabel('Spent')
        .setStyle(ButtonStyle.Secondary)
        .setDisabled(true),
    ),
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId('card')
        .addOptions({ label: 'Ankh', value: 'ankh' }, { label: 'Scarab', value: 'scarab' }),
    ),
  ];
  h.on('board', (i) => asCommand(i).reply({ content: 'board', components }));
  h.on('secret', (i) =>
    asCommand(i).reply({ content: 'only you', components, flags: MessageFlags.Ephemeral }),
  );
  for (const customId of ['play', 'spent', 'not-on-the-board', 'card', 'ghost-menu']) {
    h.on(customId, async (i) => {
      if (!i.isButton() && !i.isStringSelectMenu()) throw new Error(`unexpected interaction for ${customId}`);
      received.push({
        customId: i.customId,
        type: i.componentType,
        ...(i.isStringSelectMenu() ? { values: i.values } : {}),
      });
      await i.deferUpdate();
    });
  }
  board = await control.as(alice).slash('board').reply();
});
afterAll(() => h.stop());

describe('forged clicks and choices (test tooling for input a modified client can send)', () => {
  it('click() and select() stay strict about what the message offers', () => {
    expect(() => control.as(bob).click(board, 'not-on-the-board')).toThrow(
      /has no component "not-on-the-board"/,
    );
    expect(() => control.as(bob).click(board, 'spent')).toThrow(/disabled/);
    expect(() => control.as(bob).select(board, 'card', ['obelisk'])).toThrow(/has no option "obelisk"/);
  });

  it('forgeClick sends a button interaction with a custom_id the message does not have', async () => {
    await control.as(bob).forgeClick(board, 'not-on-the-board').acknowledged();
    await control.as(bob).forgeClick(board, 'spent').acknowledged();
    expect(received.splice(0)).toEqual([
      { customId: 'not-on-the-board', type: ComponentType.Button },
      { customId: 'spent', type: ComponentType.Button },
    ]);
  });

  it('forgeSelect sends any values, on a menu that exists or not', async () => {
    await control.as(bob).forgeSelect(board, 'card', ['obelisk', 'ankh', 'ankh']).acknowledged();
    await control.as(bob).forgeSelect(board.id, 'ghost-menu', []).acknowledged();
    expect(received.splice(0)).toEqual([
      { customId: 'card', type: ComponentType.StringSelect, values: ['obelisk', 'ankh', 'ankh'] },
      { customId: 'ghost-menu', type: ComponentType.StringSelect, values: [] },
    ]);
  });

  it('what even a modified client cannot do is refused with a reason', async () => {
    const secret = await control.as(alice).slash('secret').reply();
    expect(() => control.as(bob).forgeClick(secret, 'play')).toThrow(/bob cannot see message/);
    expect(() => control.as(bob).forgeClick(board, 'x'.repeat(101))).toThrow(/1 to 100 characters/);
    expect(() => control.as(bob).forgeClick('123456789012345678', 'play')).toThrow(/does not exist/);
    // Users posting plain messages is not simulated, so one is put into the world directly.
    const human = h.loopback.world.createMessage({
      channelId: control.defaultChannel.id,
      authorId: alice.id,
      content: 'mine',
    });
    expect(() => control.as(bob).forgeClick(human, 'play')).toThrow(/is not the bot's/);
    expect(received).toEqual([]);
  });

  it('the bot recorded no handler errors and the loopback no internal errors', () => {
    expect(h.errors).toEqual([]);
    expect(control.internalErrors()).toEqual([]);
  });
});
