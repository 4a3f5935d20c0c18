import type { TextChannel } from 'discord.js';
import { ChannelType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl } from '../../src/loopback/index.ts';
import { asCommand, type Harness, PING, startHarness } from './harness.ts';

const MESSAGES = 'POST /channels/:channelId/messages';

describe('REST faults', () => {
  let h: Harness;
  let control: LoopbackControl;
  let channel: TextChannel;
  beforeAll(async () => {
    h = await startHarness({ commands: [PING], client: { rest: { retries: 1 } } });
    control = h.loopback.control;
    h.on('ping', (i) => asCommand(i).reply('pong'));
    const fetched = await h.client.channels.fetch(control.defaultChannel.id);
    if (fetched?.type !== ChannelType.GuildText) throw new Error('expected a text channel');
    channel = fetched;
  });
  afterAll(() => h.stop());

  const attempts = (content: string) =>
    control
      .requests()
      .filter(
        (r) => r.route === MESSAGES && (r.json as { content?: string } | undefined)?.content === content,
      );
  const stored = (content: string) => control.messages(channel.id).filter((m) => m.text === content);

  it('discord.js waits out a 429 and retries; the message arrives exactly once', async () => {
    const fault = control.faults.rateLimit(MESSAGES, 80);
    const started = performance.now();
    await channel.send('after a 429');
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(fault.hits).toBe(1);
    expect(
      control
        .requests()
        .filter((r) => r.route === MESSAGES)
        .slice(-2)
        .map((r) => [r.status, r.faults]),
    ).toEqual([
      [429, ['rate-limit']],
      [200, []],
    ]);
    expect(stored('after a 429')).toHaveLength(1);
  });

  it('a global 429 is retried too', async () => {
    control.faults.rateLimit(MESSAGES, 50, 1, true);
    await channel.send('after a global 429');
    expect(stored('after a global 429')).toHaveLength(1);
  });

  it('a 429 on the interaction callback (the burst handler) is retried; one reply', async () => {
    control.faults.rateLimit('POST /interactions/:interactionId/:token/callback', 50);
    const alice = control.createUser('alice');
    const reply = await control.as(alice).slash('ping').reply();
    expect(reply.text).toBe('pong');
    expect(control.visibleMessages(alice.id).filter((m) => m.interaction?.userId === alice.id)).toHaveLength(
      1,
    );
  });

  it('a 500 is retried (retries: 1) and the message arrives once', async () => {
    control.faults.serverError(MESSAGES, 500, 1);
    await channel.send('after a 500');
    expect(attempts('after a 500').map((r) => r.status)).toEqual([500, 200]);
    expect(stored('after a 500')).toHaveLength(1);
  });

  it('500s beyond the retries reach the bot as an HTTPError, and nothing is stored', async () => {
    control.faults.serverError(MESSAGES, 503, 2);
    await expect(channel.send('never')).rejects.toMatchObject({ status: 503 });
    expect(stored('never')).toHaveLength(0);
  });

  it('a slow answer is slow', async () => {
    const fault = control.faults.delay('GET /channels/:channelId', 120, 1);
    const started = performance.now();
    await h.client.channels.fetch(channel.id, { force: true });
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    expect(fault.hits).toBe(1);
  });

  it('a connection cut without an answer fails the request instead of hanging, and stores nothing', async () => {
    control.faults.dropConnection(MESSAGES, 1);
    // @discordjs/rest retries ECONNRESET and timeouts, not undici's "other side closed".
    await expect(channel.send('cut')).rejects.toThrow(/other side closed/);
    expect(stored('cut')).toHaveLength(0);
    await expect(channel.send('after the cut')).resolves.toBeDefined();
  });

  it('a fault applies only to its route and goes away after `times`', async () => {
    const fault = control.faults.serverError('GET /users/:userId', 500, 1);
    await channel.send('unaffected');
    expect(fault.hits).toBe(0);
    fault.remove();
    expect(control.faults.active).toEqual([]);
  });
});

describe('gateway faults', () => {
  let h: Harness;
  let control: LoopbackControl;
  beforeAll(async () => {
    h = await startHarness({
      commands: [PING],
      loopback: { heartbeatIntervalMs: 100 },
      // A second IDENTIFY within 5 s waits for Discord's identify limit; the test has no time for that.
      client: { ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) } },
    });
    control = h.loopback.control;
    h.on('ping', (i) => asCommand(i).reply(`pong ${i.id}`));
    control.createUser('alice');
  });
  afterAll(() => h.stop());

  const roundTrip = async () => {
    const handle = control.as('alice').slash('ping');
    expect((await handle.reply()).text).toBe(`pong ${handle.id}`);
  };

  it('a dropped connection resumes (no new identify) and later interactions still arrive', async () => {
    await roundTrip();
    expect(control.gateway.drop()).toBe(1);
    // Injected while the bot is away: it waits in the session's backlog and is replayed on RESUME.
    const during = control.as('alice').slash('ping');
    await control.gateway.waitForResume(1);
    expect((await during.reply()).text).toBe(`pong ${during.id}`);
    await roundTrip();
    expect(control.gateway.identifyCount).toBe(1);
    expect(control.gateway.sessions()).toMatchObject([{ connected: true, resumes: 1 }]);
  });

  it('opcode 7 RECONNECT: the client resumes', async () => {
    control.gateway.requestReconnect();
    await control.gateway.waitForResume(2);
    await roundTrip();
    expect(control.gateway.identifyCount).toBe(1);
  });

  it('ignored heartbeats: the client declares a zombie connection and resumes', async () => {
    control.gateway.ignoreHeartbeats(true);
    await control.gateway.waitForResume(3);
    control.gateway.ignoreHeartbeats(false);
    await roundTrip();
  });

  it('a session invalidated for good: the client identifies again and interactions still arrive', async () => {
    control.gateway.invalidateSession(false);
    await control.gateway.waitForIdentify(2);
    await control.waitUntil(
      () => (h.client.isReady() && h.client.ws.status === 0 ? true : undefined),
      'client ready again',
    );
    await roundTrip();
  });
});
