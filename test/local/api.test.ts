import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type LocalHarness, startLocalHarness } from './local-harness.ts';

/** The page's API refuses bad input with a 4xx and a message that says what was wrong. */
let h: LocalHarness;
let alice: { id: string; name: string };
let general: string;

beforeAll(async () => {
  h = await startLocalHarness();
  const created = await call(`${h.url}/api/users`, { body: { name: 'alice' } });
  alice = created.body as typeof alice;
  general = (await call(`${h.url}/api/state`)).body.defaultChannelId as string;
});
afterAll(async () => {
  await h?.stop();
});

describe('users', () => {
  it('creates a user by name; the first one manages the server', async () => {
    expect(alice).toMatchObject({ name: 'alice', bot: false, manager: true });
    const bob = await call(`${h.url}/api/users`, { body: { name: '  bob ' } });
    expect(bob.status).toBe(201);
    expect(bob.body).toMatchObject({ name: 'bob', manager: false });
    const list = await call(`${h.url}/api/users`);
    expect((list.body as unknown as { name: string }[]).map((u) => u.name)).toEqual(['alice', 'bob']);
  });

  it.each([
    [{ name: 'ALICE' }, 409, 'the name "alice" is taken'],
    [{ name: '' }, 400, '"name" is required'],
    [{ name: '   ' }, 400, 'a name is required'],
    [{ name: 'x'.repeat(33) }, 400, 'at most 32 characters'],
    [{ name: '<@123>' }, 400, 'cannot contain'],
    [{ name: 7 }, 400, '"name" is required and must be a non-empty string'],
  ])('refuses %j with %i', async (body, status, message) => {
    const r = await call(`${h.url}/api/users`, { body });
    expect(r.status).toBe(status);
    expect(r.body.error).toContain(message);
  });

  it('answers an unknown user with 404 and how to make one', async () => {
    const r = await call(`${h.url}/api/users/123456789012345678`);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('no user "123456789012345678"; create one with POST /api/users');
    const channels = await call(`${h.url}/api/channels?as=nobody`);
    expect(channels.status).toBe(404);
    expect(channels.body.error).toContain('no user "nobody"');
    const missing = await call(`${h.url}/api/channels`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('"as" is required');
  });

  it('never acts as the bot', async () => {
    const bot = ((await call(`${h.url}/api/state`)).body.bot as { id: string }).id;
    const r = await call(`${h.url}/api/channels?as=${bot}`);
    expect(r.status).toBe(403);
  });
});

describe('bad requests', () => {
  it('answers JSON that does not parse with 400', async () => {
    const r = await call(`${h.url}/api/users`, { raw: '{"name": ' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/^the body is not valid JSON: /);
  });

  it('wants a JSON object', async () => {
    const r = await call(`${h.url}/api/users`, { raw: '["alice"]' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('the body must be a JSON object');
  });

  it('wants Content-Type: application/json on a POST', async () => {
    const r = await call(`${h.url}/api/users`, {
      raw: '{"name":"carol"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(r.status).toBe(415);
    expect(r.body.error).toContain('Content-Type: application/json');
  });

  it('answers an unknown route with 404', async () => {
    const r = await call(`${h.url}/api/nothing/here`);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('no API route GET /nothing/:id');
  });

  it('answers only at its own address (no DNS rebinding)', async () => {
    // fetch() will not send another Host header, so this asks with node:http.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpGet(`${h.url}/api/state`, { headers: { Host: 'evil.example' } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on('error', reject);
    });
    expect(status).toBe(421);
  });

  it('serves page files only, by plain name', async () => {
    expect((await fetch(`${h.url}/`)).headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${h.url}/app.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${h.url}/tsconfig.json`)).status).toBe(404);
    expect((await fetch(`${h.url}/%2e%2e%2fapi.ts`)).status).toBe(404);
    expect((await fetch(`${h.url}/attachments/1/2/x.png`)).status).toBe(404);
  });
});

describe('messages and interactions', () => {
  it('answers an unknown message with 404', async () => {
    const r = await call(`${h.url}/api/messages/123456789012345678?as=${alice.id}`);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('no message 123456789012345678 that alice can see');
    const click = await call(`${h.url}/api/messages/123456789012345678/click`, {
      body: { as: alice.id, customId: 'x' },
    });
    expect(click.status).toBe(404);
  });

  it('answers a channel the user cannot see with 404', async () => {
    const r = await call(`${h.url}/api/channels/123456789012345678/messages?as=${alice.id}`);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('no channel 123456789012345678 that alice can see');
  });

  it("passes on the loopback's own checks: an unknown command, a bad option, a missing button", async () => {
    const nope = await call(`${h.url}/api/commands`, {
      body: { as: alice.id, channelId: general, command: 'nope' },
    });
    expect(nope.status).toBe(400);
    expect(nope.body.error).toContain('/nope is not registered by the bot');

    const tooMany = await call(`${h.url}/api/commands`, {
      body: { as: alice.id, channelId: general, command: 'valley', options: { computers: 9 } },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/computers/);

    const badOptions = await call(`${h.url}/api/commands`, {
      body: { as: alice.id, channelId: general, command: 'valley', options: { computers: [1] } },
    });
    expect(badOptions.status).toBe(400);
    expect(badOptions.body.error).toBe('option "computers" must be a string, a number or a boolean');

    const rules = await call(`${h.url}/api/commands`, {
      body: { as: alice.id, channelId: general, command: 'rules' },
    });
    expect(rules.status).toBe(200);
    const reply = (await call(`${h.url}/api/channels/${general}/messages?as=${alice.id}`))
      .body as unknown as {
      id: string;
      ephemeral: boolean;
    }[];
    const message = reply.at(-1);
    expect(message?.ephemeral).toBe(true);

    const noButton = await call(`${h.url}/api/messages/${message?.id}/click`, {
      body: { as: alice.id, customId: 'not-there' },
    });
    expect(noButton.status).toBe(400);
    expect(noButton.body.error).toContain('has no component "not-there"');

    const noValues = await call(`${h.url}/api/messages/${message?.id}/select`, {
      body: { as: alice.id, customId: 'x', values: 'a' },
    });
    expect(noValues.status).toBe(400);
    expect(noValues.body.error).toBe('"values" is required and must be an array of strings');
  });

  it('answers autocomplete with the choices the bot gave', async () => {
    const r = await call(`${h.url}/api/autocomplete`, {
      body: { as: alice.id, channelId: general, command: 'card', options: { name: 'stat' }, focused: 'name' },
    });
    expect(r.status).toBe(200);
    const names = (r.body.choices as { name: string }[]).map((c) => c.name);
    expect(names.length).toBeGreaterThan(3);
    expect(names.every((n) => n.toLowerCase().includes('stat'))).toBe(true);
  });

  it('answers a modal that was never opened with 404', async () => {
    const r = await call(`${h.url}/api/modals/123456789012345678`, { body: { as: alice.id, values: {} } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('no interaction 123456789012345678');
    const bad = await call(`${h.url}/api/modals/123456789012345678`, { body: { as: alice.id } });
    expect(bad.status).toBe(400);
  });

  it('lists the commands with subcommands spelled out', async () => {
    const r = await call(`${h.url}/api/commands?as=${alice.id}&channelId=${general}`);
    const paths = (r.body as unknown as { path: string }[]).map((c) => c.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'valley',
        'card',
        'rules',
        'games',
        'board',
        'manage cancel',
        'manage replace-seat',
      ]),
    );
  });
});
