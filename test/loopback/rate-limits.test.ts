import { ChannelType, type RateLimitData, RESTEvents, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_RATE_LIMITS, LoopbackDiscord, ManualClock } from '../../src/loopback/index.ts';
import { resolveRateLimits } from '../../src/loopback/rate-limits.ts';
import { type Harness, startHarness } from './harness.ts';

const MESSAGES = 'POST /channels/:channelId/messages';
const MESSAGE = '/channels/:channelId/messages/:messageId';

it('defaults to Discord’s figures', () => {
  expect(DISCORD_RATE_LIMITS).toEqual({
    messageCreate: { limit: 5, windowMs: 5_000 },
    messageEdit: { limit: 5, windowMs: 5_000 },
    messageDelete: { limit: 5, windowMs: 1_000 },
  });
});

it('refuses limits that make no sense, naming the option', async () => {
  await expect(
    LoopbackDiscord.start({ rateLimits: { messageCreate: { limit: 0, windowMs: 5_000 } } }),
  ).rejects.toThrow(/rateLimits\.messageCreate\.limit must be a whole number ≥ 1, got 0/);
  await expect(
    LoopbackDiscord.start({ rateLimits: { messageDelete: { limit: 5, windowMs: 0 } } }),
  ).rejects.toThrow(/rateLimits\.messageDelete\.windowMs/);
});

it('limitScale shortens every window by the same factor and keeps the counts; below 1 is refused', async () => {
  expect(resolveRateLimits({}, 50)).toEqual({
    messageCreate: { limit: 5, windowMs: 100 },
    messageEdit: { limit: 5, windowMs: 100 },
    messageDelete: { limit: 5, windowMs: 20 },
  });
  expect(resolveRateLimits({ messageCreate: { limit: 2, windowMs: 1_000 } }, 10).messageCreate).toEqual({
    limit: 2,
    windowMs: 100,
  });
  expect(resolveRateLimits()).toEqual(DISCORD_RATE_LIMITS);
  await expect(LoopbackDiscord.start({ limitScale: 0.5 })).rejects.toThrow(/limitScale must be .* got 0\.5/);
  // A scaled window is still a window: the sixth post meets the 429, and its reset is the short one.
  const clock = new ManualClock();
  const fast = await LoopbackDiscord.start({ clock, limitScale: 50 });
  try {
    const channel = fast.control.createChannel({ name: 'scaled' });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await fetch(`${fast.restApi}/v10/channels/${channel.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${fast.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `m${i}` }),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.headers.get('x-ratelimit-reset-after')).toBe('0.100');
  } finally {
    await fast.stop();
  }
});

describe('over raw HTTP, with a manual clock', () => {
  let loopback: LoopbackDiscord;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock();
    loopback = await LoopbackDiscord.start({ clock });
  });
  afterAll(() => loopback.stop());

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${loopback.restApi}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${loopback.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const post = (channelId: string, content: string) =>
    call('POST', `/channels/${channelId}/messages`, { content });
  const limitHeaders = (response: Response) =>
    Object.fromEntries(
      [...response.headers.entries()].filter(
        ([name]) => name.startsWith('x-ratelimit') || name === 'retry-after',
      ),
    );

  it('5 messages per 5 s per channel: the 6th answers Discord’s 429, headers and body', async () => {
    const channel = loopback.control.createChannel({ name: 'raw-create' });
    const resetAt = ((clock.now() + 5_000) / 1000).toFixed(3);
    const answers: Response[] = [];
    for (let i = 0; i < 5; i++) answers.push(await post(channel.id, `m${i}`));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);
    const bucket = answers[0]?.headers.get('x-ratelimit-bucket');
    expect(bucket).toMatch(/^[0-9a-f]{32}$/);
    expect(limitHeaders(answers[4] as Response)).toEqual({
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': resetAt,
      'x-ratelimit-reset-after': '5.000',
      'x-ratelimit-bucket': bucket,
    });

    clock.advance(1_250);
    const refused = await post(channel.id, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(await refused.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 3.75,
      global: false,
    });
    expect(limitHeaders(refused)).toEqual({
      'retry-after': '4',
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': resetAt,
      'x-ratelimit-reset-after': '3.750',
      'x-ratelimit-bucket': bucket,
      'x-ratelimit-scope': 'user',
    });
    expect(loopback.control.messages(channel.id).map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(loopback.control.requests().at(-1)).toMatchObject({
      route: MESSAGES,
      status: 429,
      rateLimit: { bucket, limit: 5, remaining: 0, resetAfterMs: 3_750, limited: true },
    });

    // Another channel has a bucket of its own.
    const other = loopback.control.createChannel({ name: 'raw-other' });
    expect((await post(other.id, 'elsewhere')).status).toBe(200);

    clock.advance(3_750);
    const next = await post(channel.id, 'new window');
    expect([next.status, next.headers.get('x-ratelimit-remaining')]).toEqual([200, '4']);
  });

  it('a refused or malformed request spends a slot, and error answers carry the headers too', async () => {
    const channel = loopback.control.createChannel({ name: 'raw-errors' });
    const bad = await call('POST', `/channels/${channel.id}/messages`, {});
    expect([bad.status, bad.headers.get('x-ratelimit-remaining')]).toEqual([400, '4']);
  });

  it('edits count apart from sends but report the same bucket; deletes allow 5 per second', async () => {
    const channel = loopback.control.createChannel({ name: 'raw-edit-delete' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(((await (await post(channel.id, `m${i}`)).json()) as { id: string }).id);
    const sendBucket = loopback.control.requests().at(-1)?.rateLimit?.bucket;

    const edits: Response[] = [];
    for (let i = 0; i < 6; i++)
      edits.push(await call('PATCH', `/channels/${channel.id}/messages/${ids[0]}`, { content: `e${i}` }));
    expect(edits.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(edits[0]?.headers.get('x-ratelimit-bucket')).toBe(sendBucket);

    const deletes: Response[] = [];
    for (const id of [...ids, ids[0]])
      deletes.push(await call('DELETE', `/channels/${channel.id}/messages/${id}`));
    expect(deletes.map((r) => r.status)).toEqual([204, 204, 204, 204, 204, 429]);
    expect(deletes[0]?.headers.get('x-ratelimit-reset-after')).toBe('1.000');
    expect(deletes[0]?.headers.get('x-ratelimit-bucket')).not.toBe(sendBucket);
    expect(
      loopback.control.requests().filter((r) => r.route === `DELETE ${MESSAGE}` && r.status === 429),
    ).toHaveLength(1);
  });
});

describe('the real discord.js client against Discord’s limits', () => {
  let h: Harness;
  let channel: TextChannel;
  const waits: RateLimitData[] = [];
  beforeAll(async () => {
    h = await startHarness();
    const created = h.loopback.control.createChannel({ name: 'burst' });
    const fetched = await h.client.channels.fetch(created.id);
    if (fetched?.type !== ChannelType.GuildText) throw new Error('expected a text channel');
    channel = fetched;
    // discord.js announces each wait it makes on its own before a limit would be exceeded.
    h.client.rest.on(RESTEvents.RateLimited, (data) => waits.push(data));
  });
  afterAll(() => h.stop());

  it('12 quick messages to one channel are all delivered, in order, by queueing instead of 429s', async () => {
    const contents = Array.from({ length: 12 }, (_, i) => `burst ${i}`);
    await Promise.all(contents.map((content) => channel.send(content)));

    expect(h.loopback.control.messages(channel.id).map((m) => m.text)).toEqual(contents);
    const posts = h.loopback.control
      .requests()
      .filter((r) => r.route === MESSAGES && r.path === `/channels/${channel.id}/messages`);
    // 5 per window, so 12 messages needed at least three windows; every accepted one fit its window.
    const accepted = posts.filter((r) => r.status === 200);
    expect(accepted).toHaveLength(12);
    const windows = accepted.filter((r) => r.rateLimit?.remaining === 4).length;
    expect(windows).toBeGreaterThanOrEqual(3);
    // discord.js read the headers and waited for each exhausted window to end: no 429 at all.
    expect(posts.filter((r) => r.status === 429)).toEqual([]);
    const messageWaits = waits.filter((w) => w.route === '/channels/:id/messages');
    expect(messageWaits.length).toBeGreaterThanOrEqual(1);
    expect(messageWaits.every((w) => !w.global && w.limit === 5)).toBe(true);
    expect(h.errors).toEqual([]);
  });
});
