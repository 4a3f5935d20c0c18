import { describe, expect, it } from 'vitest';
// The page's plain JavaScript is type-checked by its own tsconfig (page-check.test.ts), not the root's.
// @ts-expect-error: no declarations for the root tsc
import { discordTarget, linkFace, ofThisTable } from '../../src/local/page/discord-links.js';

/** The page's reading of Discord links: which it opens in place, and which it leaves to the browser. */
const GUILD = '1575587580232204288';
const CHANNEL = '1575587581251420160';
const MESSAGE = '1575587582211915777';

describe('Discord links on the local page', () => {
  it('reads a link to a message, to a channel, and to a direct message', () => {
    expect(discordTarget(`https://discord.com/channels/${GUILD}/${CHANNEL}/${MESSAGE}`)).toEqual({
      guildId: GUILD,
      channelId: CHANNEL,
      messageId: MESSAGE,
    });
    expect(discordTarget(`https://discord.com/channels/${GUILD}/${CHANNEL}`)).toEqual({
      guildId: GUILD,
      channelId: CHANNEL,
      messageId: null,
    });
    expect(discordTarget(`https://ptb.discord.com/channels/@me/${CHANNEL}/${MESSAGE}`)).toEqual({
      guildId: null,
      channelId: CHANNEL,
      messageId: MESSAGE,
    });
  });

  it('leaves every other address alone', () => {
    for (const href of [
      'https://example.com/channels/1/2/3',
      `https://discord.com/invite/${CHANNEL}`,
      `https://discord.com.evil.example/channels/${GUILD}/${CHANNEL}`,
      `https://discord.com/channels/${GUILD}`,
      `javascript:alert(1)//discord.com/channels/${GUILD}/${CHANNEL}`,
      'not a link',
    ])
      expect(discordTarget(href), href).toBeNull();
  });

  it('opens in place only what belongs to this table: its server and direct messages', () => {
    const here = discordTarget(`https://discord.com/channels/${GUILD}/${CHANNEL}/${MESSAGE}`)!;
    const dm = discordTarget(`https://discord.com/channels/@me/${CHANNEL}`)!;
    const elsewhere = discordTarget(`https://discord.com/channels/1575587580232204999/${CHANNEL}`)!;
    expect(ofThisTable(here, GUILD)).toBe(true);
    expect(ofThisTable(dm, GUILD)).toBe(true);
    expect(ofThisTable(elsewhere, GUILD)).toBe(false);
  });

  it('draws a bare link into the table as a chip naming the channel, as Discord’s clients do', () => {
    const names: Record<string, string> = { [CHANNEL]: 'Valley of the Kings #1' };
    const name = (id: string) => names[id] ?? null;
    const message = `https://discord.com/channels/${GUILD}/${CHANNEL}/${MESSAGE}`;
    expect(linkFace(message, false, GUILD, name)).toEqual({
      kind: 'chip',
      channel: 'Valley of the Kings #1',
      prefix: '#',
      message: true,
    });
    expect(linkFace(`https://discord.com/channels/${GUILD}/${CHANNEL}`, false, GUILD, name)).toEqual({
      kind: 'chip',
      channel: 'Valley of the Kings #1',
      prefix: '#',
      message: false,
    });
    expect(
      linkFace(`https://discord.com/channels/@me/${CHANNEL}/${MESSAGE}`, false, GUILD, name),
    ).toMatchObject({
      kind: 'chip',
      prefix: '@',
    });
  });

  it('shows a masked link’s words, and the address of any link it cannot name', () => {
    const name = (id: string) => (id === CHANNEL ? 'general' : null);
    const message = `https://discord.com/channels/${GUILD}/${CHANNEL}/${MESSAGE}`;
    expect(linkFace(message, true, GUILD, name)).toEqual({ kind: 'words' });
    expect(linkFace('https://example.com/rules', true, GUILD, name)).toEqual({ kind: 'words' });
    // A channel the reader cannot see, another server, another site: the address, as it was written.
    expect(
      linkFace(`https://discord.com/channels/${GUILD}/1575587581251420999/${MESSAGE}`, false, GUILD, name),
    ).toEqual({
      kind: 'address',
    });
    expect(
      linkFace(`https://discord.com/channels/1575587580232204999/${CHANNEL}/${MESSAGE}`, false, GUILD, name),
    ).toEqual({
      kind: 'address',
    });
    expect(linkFace('https://example.com/rules', false, GUILD, name)).toEqual({ kind: 'address' });
  });
});
