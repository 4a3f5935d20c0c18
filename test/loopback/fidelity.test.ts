import { DiscordAPIError, GatewayIntentBits, type Message, MessageFlags } from 'discord.js';
import { InteractionResponseType, Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LoopbackEvent, ManualClock } from '../../src/loopback/index.ts';
import { asCommand, type Harness, PING, startHarness } from './harness.ts';

/** A promise the test opens when it has set the stage (advanced the clock, for instance). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** What the bot got back from a REST call it made inside a handler. */
function outcome(
  promise: Promise<unknown>,
): Promise<{ ok: true } | { ok: false; status: number; code: number | string }> {
  return promise.then(
    () => ({ ok: true }) as const,
    (error: unknown) => {
      if (error instanceof DiscordAPIError)
        return { ok: false, status: error.status, code: error.code } as const;
      throw error;
    },
  );
}

describe('the 3-second acknowledgement deadline (10062)', () => {
  let h: Harness;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    h = await startHarness({
      loopback: { clock },
      commands: [PING, { name: 'slow', description: 'x' }, { name: 'defer', description: 'x' }],
    });
  });
  afterAll(() => h.stop());

  it('a reply after 3 s is refused with 10062 and the user sees the interaction fail', async () => {
    const stage = gate();
    const result = new Promise((resolve) =>
      h.on('slow', async (i) => {
        await stage.opened;
        resolve(await outcome(asCommand(i).reply('too late')));
      }),
    );
    const alice = h.loopback.control.createUser('alice');
    const handle = h.loopback.control.as(alice).slash('slow');
    clock.advance(3_001);
    stage.open();
    expect(await result).toEqual({ ok: false, status: 404, code: 10062 });
    await expect(handle.reply()).rejects.toThrow(/not acknowledged within 3000 ms.*This interaction failed/);
    expect(handle.failed).toBe(true);
    expect(h.loopback.control.visibleMessages(alice.id)).toEqual([]);
  });

  it('a reply at 2.9 s is accepted', async () => {
    const stage = gate();
    h.on('slow', async (i) => {
      await stage.opened;
      await asCommand(i).reply('just in time');
    });
    const handle = h.loopback.control.as('alice').slash('slow');
    clock.advance(2_900);
    stage.open();
    expect((await handle.reply()).text).toBe('just in time');
  });

  it('a deferral within 3 s buys time: editReply 10 minutes later is accepted', async () => {
    const stage = gate();
    h.on('defer', async (i) => {
      const c = asCommand(i);
      await c.deferReply();
      await stage.opened;
      await c.editReply('done thinking');
    });
    const handle = h.loopback.control.as('alice').slash('defer');
    await handle.acknowledged();
    expect(handle.original()?.loading).toBe(true);
    clock.advance(10 * 60_000);
    stage.open();
    const reply = await handle.reply();
    expect(reply.text).toBe('done thinking');
    expect(reply.loading).toBe(false);
  });

  it('also works with a short real deadline instead of a manual clock', async () => {
    const quick = await startHarness({
      loopback: { ackDeadlineMs: 50 },
      commands: [{ name: 'slow', description: 'x' }],
    });
    try {
      const result = new Promise((resolve) =>
        quick.on('slow', async (i) => {
          await new Promise((r) => setTimeout(r, 120));
          resolve(await outcome(asCommand(i).reply('late')));
        }),
      );
      const handle = quick.loopback.control.as(quick.loopback.control.createUser('u')).slash('slow');
      // The handle knows as soon as the deadline passes, before the bot even tries.
      await expect(handle.reply()).rejects.toThrow(/not acknowledged within 50 ms/);
      expect(await result).toEqual({ ok: false, status: 404, code: 10062 });
    } finally {
      await quick.stop();
    }
  });
});

describe('a second acknowledgement (40060)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ commands: [PING] });
  });
  afterAll(() => h.stop());

  it('is refused, and only the first reply exists', async () => {
    const second = new Promise((resolve) =>
      h.on('ping', async (i) => {
        await asCommand(i).reply('first');
        // discord.js refuses a second reply() itself, so go around it as a buggy bot could.
        resolve(
          await outcome(
            i.client.rest.post(Routes.interactionCallback(i.id, i.token), {
              body: { type: InteractionResponseType.ChannelMessageWithSource, data: { content: 'second' } },
              auth: false,
            }),
          ),
        );
      }),
    );
    const alice = h.loopback.control.createUser('alice');
    const handle = h.loopback.control.as(alice).slash('ping');
    expect(await second).toEqual({ ok: false, status: 400, code: 40060 });
    expect(h.loopback.control.visibleMessages(alice.id).map((m) => m.text)).toEqual(['first']);
    expect(handle.events.map((e) => (e.kind === 'rejected' ? e.code : e.kind))).toEqual(['callback', 40060]);
  });

  it('a callback type that does not fit the interaction is refused (50035)', async () => {
    const result = new Promise((resolve) =>
      h.on('ping', async (i) => {
        resolve(
          await outcome(
            i.client.rest.post(Routes.interactionCallback(i.id, i.token), {
              body: {
                type: InteractionResponseType.UpdateMessage,
                data: { content: 'no message to update' },
              },
              auth: false,
            }),
          ),
        );
      }),
    );
    h.loopback.control.as('alice').slash('ping');
    expect(await result).toEqual({ ok: false, status: 400, code: 50035 });
    expect(h.loopback.control.takeContractViolations()).toEqual([
      {
        direction: 'request',
        route: 'POST /interactions/:interactionId/:token/callback',
        field: '',
        rule: 'type: callback type 7 (UpdateMessage) is not valid for a /ping interaction',
      },
    ]);
  });

  it('the webhook is closed until the interaction is acknowledged (10015)', async () => {
    const result = new Promise((resolve) =>
      h.on('ping', async (i) => {
        const early = await outcome(
          i.client.rest.patch(Routes.webhookMessage(i.applicationId, i.token), {
            body: { content: 'x' },
            auth: false,
          }),
        );
        await asCommand(i).reply('ok');
        resolve(early);
      }),
    );
    h.loopback.control.as('alice').slash('ping');
    expect(await result).toEqual({ ok: false, status: 404, code: 10015 });
  });
});

describe('interaction tokens expire after 15 minutes (50027)', () => {
  let h: Harness;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    h = await startHarness({ loopback: { clock }, commands: [{ name: 'long', description: 'x' }] });
  });
  afterAll(() => h.stop());

  it('editReply and followUp work at 14:59 and fail at 15:00.001, and discord.js keeps its bot token', async () => {
    const stage1 = gate();
    const stage2 = gate();
    const results = new Promise<unknown[]>((resolve) =>
      h.on('long', async (i) => {
        const c = asCommand(i);
        await c.deferReply();
        await stage1.opened;
        const early = await outcome(c.editReply('still here'));
        await stage2.opened;
        resolve([early, await outcome(c.editReply('too late')), await outcome(c.followUp('too late'))]);
      }),
    );
    const handle = h.loopback.control.as(h.loopback.control.createUser('alice')).slash('long');
    await handle.acknowledged();
    clock.advance(14 * 60_000 + 59_000);
    stage1.open();
    await handle.reply();
    clock.advance(1_001);
    stage2.open();
    expect(await results).toEqual([
      { ok: true },
      { ok: false, status: 401, code: 50027 },
      { ok: false, status: 401, code: 50027 },
    ]);
    expect(handle.original()?.text).toBe('still here');
    // The 401 came from a webhook route, so discord.js did not drop its token (pitfall P6).
    const channel = await h.client.channels.fetch(h.loopback.control.defaultChannel.id);
    if (!channel?.isSendable()) throw new Error('not sendable');
    await expect(channel.send('token still works')).resolves.toBeDefined();
  });
});

describe('ephemeral visibility', () => {
  let h: Harness;
  const dispatched: Message[] = [];
  beforeAll(async () => {
    h = await startHarness({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
      commands: [PING, { name: 'secret', description: 'x' }, { name: 'think', description: 'x' }],
    });
    h.client.on('messageCreate', (m) => dispatched.push(m));
    h.on('secret', async (i) => {
      await asCommand(i).reply({ content: `secret for ${i.user.username}`, flags: MessageFlags.Ephemeral });
      await asCommand(i).followUp({ content: 'public follow-up' });
    });
  });
  afterAll(() => h.stop());

  it('an ephemeral reply is seen by its user only: not other users, not their feeds, not the bot’s gateway or channel routes', async () => {
    const { control } = h.loopback;
    const alice = control.createUser('alice');
    const bob = control.createUser('bob');
    const aliceEvents: LoopbackEvent[] = [];
    const bobEvents: LoopbackEvent[] = [];
    const stopAlice = control.subscribe((e) => aliceEvents.push(e), { as: alice.id });
    const stopBob = control.subscribe((e) => bobEvents.push(e), { as: bob.id });
    const handle = control.as(alice).slash('secret');
    const secret = await handle.reply();
    const publicOne = await handle.followUp(0);
    await control.waitUntil(
      () => dispatched.find((m) => m.id === publicOne.id),
      'MESSAGE_CREATE of the public follow-up',
    );
    stopAlice();
    stopBob();

    expect(secret.ephemeral).toBe(true);
    expect(control.visibleMessages(alice.id).map((m) => m.text)).toEqual([
      'secret for alice',
      'public follow-up',
    ]);
    expect(control.visibleMessages(bob.id).map((m) => m.text)).toEqual(['public follow-up']);
    const created = (events: LoopbackEvent[]) =>
      events.flatMap((e) => (e.type === 'message-create' ? [e.message.text] : []));
    expect(created(aliceEvents)).toEqual(['secret for alice', 'public follow-up']);
    expect(created(bobEvents)).toEqual(['public follow-up']);
    expect(dispatched.map((m) => m.id)).not.toContain(secret.id);
    const channel = await h.client.channels.fetch(control.defaultChannel.id);
    if (!channel?.isTextBased()) throw new Error('not text');
    await expect(channel.messages.fetch(secret.id)).rejects.toMatchObject({ code: 10008 });
  });

  it('a follow-up after deferReply fills the "thinking" message, keeps its ephemerality and pings no one', async () => {
    const { control } = h.loopback;
    h.on('think', async (i) => {
      const c = asCommand(i);
      await c.deferReply({ flags: MessageFlags.Ephemeral });
      await c.followUp({ content: `done, <@${i.user.id}>` });
    });
    const carol = control.createUser('carol');
    const handle = control.as(carol).slash('think');
    const reply = await handle.reply();
    expect(reply.id).toBe(handle.original()?.id);
    expect(reply.ephemeral).toBe(true);
    expect(reply.loading).toBe(false);
    expect(reply.notified).toEqual([]);
    expect(control.visibleMessages(carol.id).filter((m) => m.ephemeral)).toEqual([reply]);
  });
});

describe('HTTP behaviour discord.js depends on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ commands: [PING] });
  });
  afterAll(() => h.stop());

  it('unknown routes answer a JSON 404 at once; a known path with another method answers 405', async () => {
    const started = performance.now();
    const missing = await fetch(`${h.loopback.restApi}/v10/no/such/route`, {
      headers: { authorization: `Bot ${h.loopback.token}` },
    });
    expect(performance.now() - started).toBeLessThan(500);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/json');
    expect(await missing.json()).toEqual({ message: '404: Not Found', code: 0 });
    const wrong = await fetch(`${h.loopback.restApi}/v10/gateway/bot`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('content-type')).toBe('application/json');
    const outside = await fetch(`${h.loopback.url}/elsewhere`);
    expect([outside.status, outside.headers.get('content-type')]).toEqual([404, 'application/json']);
  });

  it('401 only for a missing or wrong bot token, never on interaction webhooks', async () => {
    const bad = await fetch(`${h.loopback.restApi}/v10/gateway/bot`, {
      headers: { authorization: 'Bot wrong' },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: '401: Unauthorized', code: 0 });
    const webhook = await fetch(
      `${h.loopback.restApi}/v10/webhooks/${h.loopback.control.applicationId}/unknown-token/messages/%40original`,
    );
    expect(webhook.status).toBe(404);
    expect(await webhook.json()).toMatchObject({ code: 10015 });
  });

  it('a wrong token fails login (401 on GET /gateway/bot)', async () => {
    const { Client } = await import('discord.js');
    const client = new Client({
      intents: [GatewayIntentBits.Guilds],
      rest: { api: h.loopback.restApi, retries: 0 },
    });
    // The REST token check comes first: GET /gateway/bot answers 401.
    await expect(client.login('not-the-token')).rejects.toThrow();
    await client.destroy();
  });

  it('a crash inside a handler answers 500 JSON and is recorded, not swallowed', async () => {
    const reported: unknown[] = [];
    const crashing = await startHarness({ loopback: { onInternalError: (e) => reported.push(e) } });
    try {
      const url = `${crashing.loopback.restApi}/v10/channels/${crashing.loopback.control.defaultChannel.id}`;
      const spy = vi.spyOn(crashing.loopback.world, 'channel').mockImplementation(() => {
        throw new Error('boom');
      });
      const response = await fetch(url, {
        headers: { authorization: `Bot ${crashing.loopback.token}` },
      });
      spy.mockRestore();
      expect(response.status).toBe(500);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ message: '500: Internal Server Error', code: 0 });
      expect(reported).toHaveLength(1);
      expect(crashing.loopback.control.internalErrors()).toEqual(reported);
    } finally {
      await crashing.stop();
    }
  });

  it('a body that is not JSON answers 400 / 50109', async () => {
    const response = await fetch(
      `${h.loopback.restApi}/v10/channels/${h.loopback.control.defaultChannel.id}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bot ${h.loopback.token}`, 'content-type': 'application/json' },
        body: '{nope',
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 50109 });
  });
});
