import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMessage } from '../../src/local/page-types.ts';
import { call, type LocalHarness, post, readFeed, startLocalHarness } from './local-harness.ts';

/**
 * What the page of one person receives never includes another person's ephemeral messages: not in
 * the event stream, not in the messages endpoint, not by asking for the message by id. Checked on
 * the data the page gets, with a positive control on the owner's side.
 */
let h: LocalHarness;

beforeAll(async () => {
  h = await startLocalHarness();
});
afterAll(async () => {
  await h?.stop();
});

type Message = PageMessage;

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("another user's ephemeral messages", () => {
  it('never reach your feed or your messages', async () => {
    const alice = (await call(`${h.url}/api/users`, { body: { name: 'alice' } })).body as { id: string };
    const bob = (await call(`${h.url}/api/users`, { body: { name: 'bob' } })).body as { id: string };
    const general = (await call(`${h.url}/api/state`)).body.defaultChannelId as string;
    const aliceFeed = readFeed(`${h.url}/api/feed?as=${alice.id}`);
    const bobFeed = readFeed(`${h.url}/api/feed?as=${bob.id}`);
    await Promise.all([aliceFeed.opened, bobFeed.opened]);

    // alice opens a game with a computer player and starts it; bob only watches.
    await post(`${h.url}/api/commands`, {
      as: alice.id,
      channelId: general,
      command: 'valley',
      options: { computers: 1 },
    });
    const opened = await until(async () => {
      const list = (await call(`${h.url}/api/channels/${general}/messages?as=${alice.id}`))
        .body as unknown as Message[];
      return list.find((m) => m.ephemeral && /Game #\d+ is open in <#(\d+)>/.test(m.text));
    }, "alice's ephemeral 'game is open' reply");
    const thread = /<#(\d+)>/.exec(opened.text)?.[1] as string;
    const lobby = await until(async () => {
      const list = (await call(`${h.url}/api/channels/${thread}/messages?as=${alice.id}`))
        .body as unknown as Message[];
      return list.find((m) => m.text.includes('lobby'));
    }, 'the lobby');
    const start = JSON.stringify(lobby.components).match(/"custom_id":"([^"]*:start[^"]*)"/)?.[1] as string;
    await post(`${h.url}/api/messages/${lobby.id}/click`, { as: alice.id, customId: start });
    // A computer player's move re-renders the board (new button ids): read the newest board and click
    // its button, again if the board changed in between, as a person's client would show it.
    const { handId } = await until(async () => {
      const list = (await call(`${h.url}/api/channels/${thread}/messages?as=alice`))
        .body as unknown as Message[];
      const board = list.findLast((m) => JSON.stringify(m.components).includes(':hand'));
      if (!board) return undefined;
      const handId = JSON.stringify(board.components).match(/"custom_id":"([^"]*:hand)"/)?.[1] as string;
      const r = await call(`${h.url}/api/messages/${board.id}/click`, {
        body: { as: alice.id, customId: handId },
      });
      if (r.status === 400 && /has no component/.test(String(r.body.error))) return undefined;
      if (r.status < 200 || r.status > 299)
        throw new Error(`the click answered ${r.status}: ${r.body.error}`);
      return { handId };
    }, "a click on the newest board's My hand");
    const hand = await until(async () => {
      const list = (await call(`${h.url}/api/channels/${thread}/messages?as=${alice.id}`))
        .body as unknown as Message[];
      return list.find((m) => m.ephemeral && m.text.includes('Your hand'));
    }, "alice's hand");
    expect(hand.attachments[0]?.contentType).toBe('image/png');
    // bob also looks at his own (empty-handed) view, so his feed has ephemeral messages of his own.
    await post(`${h.url}/api/commands`, { as: bob.id, channelId: general, command: 'rules' });
    await until(
      () => (bobFeed.events.some((e) => e.data.includes('"ephemeral":true')) ? true : undefined),
      "bob's own reply",
    );
    await until(
      () => (aliceFeed.events.some((e) => e.data.includes(hand.id)) ? true : undefined),
      "alice's hand in her feed",
    );

    const aliceEphemeral = new Set<string>();
    for (const e of aliceFeed.events) {
      if (!e.type.startsWith('message-')) continue;
      const m = (JSON.parse(e.data) as { message?: Message }).message;
      if (m?.ephemeral) aliceEphemeral.add(m.id);
    }
    expect(aliceEphemeral.has(opened.id)).toBe(true);
    expect(aliceEphemeral.has(hand.id)).toBe(true);

    // The stream: no event names one of alice's ephemeral messages, or shows her hand's text.
    expect(bobFeed.events.length).toBeGreaterThan(3);
    for (const e of bobFeed.events) {
      for (const id of aliceEphemeral) expect(e.data).not.toContain(id);
      expect(e.data).not.toContain('Your hand');
      const m = (JSON.parse(e.data) as { message?: Message }).message;
      if (m?.ephemeral) expect(m.text).not.toContain('Game #');
    }
    // The messages endpoint, in every channel bob can see.
    const channels = (await call(`${h.url}/api/channels?as=${bob.id}`)).body as unknown as { id: string }[];
    expect(channels.map((c) => c.id)).toEqual(expect.arrayContaining([general, thread]));
    for (const c of channels) {
      const text = JSON.stringify((await call(`${h.url}/api/channels/${c.id}/messages?as=${bob.id}`)).body);
      for (const id of aliceEphemeral) expect(text).not.toContain(id);
    }
    // Asking by id, or clicking on it, says the same as for a message that does not exist.
    const byId = await call(`${h.url}/api/messages/${hand.id}?as=${bob.id}`);
    expect(byId.status).toBe(404);
    expect(byId.body.error).toBe(`no message ${hand.id} that bob can see`);
    const click = await call(`${h.url}/api/messages/${hand.id}/click`, {
      body: { as: bob.id, customId: handId },
    });
    expect(click.status).toBe(404);

    aliceFeed.close();
    bobFeed.close();
  });
});
