/**
 * The request check (`src/loopback/contract/`): bodies Discord refuses are refused with its 400 50035,
 * the `errors` tree at the field, and kept in the contract log, which each test takes and asserts. The
 * first twelve were found by an outside probe while the loopback still accepted them.
 *
 * Raw HTTP, JSON or multipart, because discord.js's builders would refuse some of these before sending.
 * Each send goes to a channel of its own: a refused request still spends a slot of Discord's 5 per 5 s.
 */
import { InteractionResponseType, Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractViolation } from '../../src/loopback/contract/violations.ts';
import { type LoopbackControl, LoopbackDiscord } from '../../src/loopback/index.ts';
import { asCommand, type Harness, PING, startHarness } from './harness.ts';

let loopback: LoopbackDiscord;
let control: LoopbackControl;
let channels = 0;

beforeAll(async () => {
  loopback = await LoopbackDiscord.start({ waitTimeoutMs: 2_000 });
  control = loopback.control;
});
afterAll(() => loopback.stop());

interface Answer {
  readonly status: number;
  readonly body: { code?: number; errors?: unknown; id?: string; tts?: boolean; content?: string };
}

const SEND = 'POST /channels/:channelId/messages';
const EDIT = 'PATCH /channels/:channelId/messages/:messageId';

async function rest(method: string, path: string, body: unknown, file?: string): Promise<Answer> {
  const headers: Record<string, string> = { Authorization: `Bot ${loopback.token}` };
  let payload: string | FormData;
  if (file === undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  } else {
    payload = new FormData();
    payload.append('payload_json', JSON.stringify(body));
    payload.append('files[0]', new Blob(['hello']), file);
  }
  const response = await fetch(`${loopback.restApi}/v10${path}`, { method, headers, body: payload });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function freshChannel(): string {
  channels += 1;
  return control.createChannel({ name: `contract-${channels}` }).id;
}

const send = (body: unknown, file?: string) =>
  rest('POST', `/channels/${freshChannel()}/messages`, body, file);

async function sent(body: unknown): Promise<{ channelId: string; messageId: string }> {
  const channelId = freshChannel();
  const answer = await rest('POST', `/channels/${channelId}/messages`, body);
  expect(answer.status).toBe(200);
  return { channelId, messageId: answer.body.id ?? '' };
}

const row = (component: Record<string, unknown>) => [{ type: 1, components: [component] }];

/** Asserts Discord's refusal at each field, and takes exactly those violations from the log. */
function expectRefused(answer: Answer, route: string, problems: [field: string, code: string][]): void {
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe(50035);
  for (const [field, code] of problems) {
    let node: unknown = answer.body.errors;
    for (const key of field === '' ? [] : field.split('.')) node = (node as Record<string, unknown>)?.[key];
    expect((node as { _errors?: unknown })?._errors, `errors.${field}._errors`).toContainEqual(
      expect.objectContaining({ code }),
    );
  }
  const expected: ContractViolation[] = problems.map(([field, rule]) => ({
    direction: 'request',
    route,
    field,
    rule,
  }));
  expect(control.takeContractViolations()).toEqual(expected);
}

describe('the probe’s twelve: bodies the loopback accepted and Discord refuses with 50035', () => {
  it('allowed_mentions.users that are not snowflakes', async () => {
    const answer = await send({ content: 'hi', allowed_mentions: { users: ['p7', 'p8'] } });
    expectRefused(answer, SEND, [
      ['allowed_mentions.users.0', 'NUMBER_TYPE_COERCE'],
      ['allowed_mentions.users.1', 'NUMBER_TYPE_COERCE'],
    ]);
    expect(JSON.stringify(answer.body.errors)).toContain('Value \\"p7\\" is not snowflake.');
  });

  it('allowed_mentions.parse naming something else than users, roles or everyone', async () => {
    expectRefused(await send({ content: 'hi', allowed_mentions: { parse: ['bogus'] } }), SEND, [
      ['allowed_mentions.parse.0', 'BASE_TYPE_CHOICES'],
    ]);
  });

  it('more than 100 allowed_mentions.users', async () => {
    const users = Array.from({ length: 101 }, (_, i) => String(100_000_000_000_000_000n + BigInt(i)));
    const answer = await send({ content: 'hi', allowed_mentions: { users } });
    expectRefused(answer, SEND, [['allowed_mentions.users', 'BASE_TYPE_MAX_LENGTH']]);
    expect(JSON.stringify(answer.body.errors)).toContain('Must be 100 or fewer in length.');
  });

  it('parse: ["users"] with a users list (and the same for roles)', async () => {
    const users = await send({ content: 'hi', allowed_mentions: { parse: ['users'], users: ['123'] } });
    expectRefused(users, SEND, [['allowed_mentions', 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE']]);
    expect(JSON.stringify(users.body.errors)).toContain(
      'parse:[\\"users\\"] and users: [ids...] are mutually exclusive.',
    );
    const roles = await send({ content: 'hi', allowed_mentions: { parse: ['roles'], roles: ['123'] } });
    expectRefused(roles, SEND, [['allowed_mentions', 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE']]);
  });

  it('a button of style 9', async () => {
    const answer = await send({
      content: 'hi',
      components: row({ type: 2, style: 9, custom_id: 'b', label: 'B' }),
    });
    expectRefused(answer, SEND, [['components.0.components.0.style', 'BASE_TYPE_CHOICES']]);
  });

  it('a link button without a url', async () => {
    const answer = await send({ content: 'hi', components: row({ type: 2, style: 5, label: 'Site' }) });
    expectRefused(answer, SEND, [['components.0.components.0.url', 'BASE_TYPE_REQUIRED']]);
  });

  it('a component of type 99 inside a row', async () => {
    const answer = await send({ content: 'hi', components: row({ type: 99, custom_id: 'x' }) });
    expectRefused(answer, SEND, [['components.0.components.0', 'UNION_TYPE_CHOICES']]);
  });

  it('an emoji id that is not a snowflake', async () => {
    const button = { type: 2, style: 1, custom_id: 'b', emoji: { id: 'abc', name: 'card' } };
    const answer = await send({ content: 'hi', components: row(button) });
    expectRefused(answer, SEND, [['components.0.components.0.emoji.id', 'NUMBER_TYPE_COERCE']]);
    expect(JSON.stringify(answer.body.errors)).toContain('Value \\"abc\\" is not snowflake.');
  });

  it('a nonce of 26 characters', async () => {
    const answer = await send({ content: 'hi', nonce: 'n'.repeat(26) });
    expectRefused(answer, SEND, [['nonce', 'BASE_TYPE_MAX_LENGTH']]);
    expect(JSON.stringify(answer.body.errors)).toContain('Must be 25 or fewer in length.');
  });

  it('four sticker ids', async () => {
    expectRefused(await send({ content: 'hi', sticker_ids: ['1', '2', '3', '4'] }), SEND, [
      ['sticker_ids', 'BASE_TYPE_MAX_LENGTH'],
    ]);
  });

  it('an attachment description of 1,025 characters, or an empty filename, in a send and in an edit', async () => {
    const long = [{ id: '0', description: 'd'.repeat(1025) }];
    expectRefused(await send({ content: 'hi', attachments: long }, 'a.txt'), SEND, [
      ['attachments.0.description', 'BASE_TYPE_MAX_LENGTH'],
    ]);
    const empty = [{ id: '0', filename: '' }];
    expectRefused(await send({ content: 'hi', attachments: empty }, 'a.txt'), SEND, [
      ['attachments.0.filename', 'BASE_TYPE_BAD_LENGTH'],
    ]);
    const { channelId, messageId } = await sent({ content: 'to edit' });
    const path = `/channels/${channelId}/messages/${messageId}`;
    expectRefused(await rest('PATCH', path, { attachments: long }, 'a.txt'), EDIT, [
      ['attachments.0.description', 'BASE_TYPE_MAX_LENGTH'],
    ]);
    expectRefused(await rest('PATCH', path, { attachments: empty }, 'a.txt'), EDIT, [
      ['attachments.0.filename', 'BASE_TYPE_BAD_LENGTH'],
    ]);
    expect(control.message(messageId)?.attachments).toEqual([]);
  });

  it('command registration: contexts [9] and an option of type 99', async () => {
    const app = loopback.world.applicationId;
    const guild = control.defaultGuild.id;
    const contexts = await rest('PUT', `/applications/${app}/commands`, [
      { name: 'game', description: 'Play', contexts: [9] },
    ]);
    expectRefused(contexts, 'PUT /applications/:applicationId/commands', [
      ['0.contexts.0', 'BASE_TYPE_CHOICES'],
    ]);
    const option = await rest('POST', `/applications/${app}/guilds/${guild}/commands`, {
      name: 'game',
      description: 'Play',
      options: [{ type: 99, name: 'x', description: 'y' }],
    });
    expectRefused(option, 'POST /applications/:applicationId/guilds/:guildId/commands', [
      ['options.0', 'UNION_TYPE_CHOICES'],
    ]);
    expect(control.commands()).toEqual([]);
  });
});

describe('what Discord accepts, and the limits the specification cannot say', () => {
  it('tts: "yes" on an edit is accepted, as Discord ignores fields an edit does not have', async () => {
    const { channelId, messageId } = await sent({ content: 'before' });
    const answer = await rest('PATCH', `/channels/${channelId}/messages/${messageId}`, {
      content: 'after',
      tts: 'yes',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ content: 'after', tts: false });
    expect(control.takeContractViolations()).toEqual([]);
  });

  it('but tts: "yes" on a send is refused, where the field is a boolean', async () => {
    expectRefused(await send({ content: 'hi', tts: 'yes' }), SEND, [['tts', 'BOOLEAN_TYPE_CONVERT']]);
  });

  it('an unknown field is ignored, as Discord ignores it', async () => {
    const answer = await send({ content: 'hi', not_a_discord_field: { anything: true } });
    expect(answer.status).toBe(200);
  });

  it('a row of six buttons names both ends of the length, as Discord does', async () => {
    const buttons = Array.from({ length: 6 }, (_, i) => ({
      type: 2,
      style: 1,
      custom_id: `b${i}`,
      label: 'B',
    }));
    const answer = await send({ content: 'hi', components: [{ type: 1, components: buttons }] });
    expectRefused(answer, SEND, [['components.0.components', 'BASE_TYPE_BAD_LENGTH']]);
    expect(JSON.stringify(answer.body.errors)).toContain('Must be between 1 and 5 in length.');
  });

  it('a non-link button without a custom_id', async () => {
    const answer = await send({ content: 'hi', components: row({ type: 2, style: 1, label: 'B' }) });
    expectRefused(answer, SEND, [['components.0.components.0.custom_id', 'BASE_TYPE_REQUIRED']]);
  });

  it('content over 2,000 characters passes the specification (4,000) and is still refused', async () => {
    const answer = await send({ content: 'x'.repeat(2001) });
    expectRefused(answer, SEND, [['content', 'BASE_TYPE_MAX_LENGTH']]);
    expect(JSON.stringify(answer.body.errors)).toContain('Must be 2000 or fewer in length.');
  });
});

describe('interaction callbacks and the interaction webhook', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ commands: [PING] });
    h.loopback.control.createUser('alice');
  });
  afterAll(() => h.stop());

  it('a callback is checked against the body its type names, down to the inner field', async () => {
    const outcome = new Promise<unknown[]>((resolve) =>
      h.on('ping', async (i) => {
        const errors: unknown[] = [];
        const post = (body: unknown) =>
          i.client.rest
            .post(Routes.interactionCallback(i.id, i.token), { body, auth: false })
            .catch((error: { status: number; code: number; rawError: { errors: unknown } }) => {
              errors.push([error.status, error.code, error.rawError.errors]);
            });
        await post({ type: 99 });
        await post({
          type: InteractionResponseType.ChannelMessageWithSource,
          data: { content: 'hi', components: row({ type: 2, style: 9, custom_id: 'b', label: 'B' }) },
        });
        await asCommand(i)
          .reply({ content: 'fine', allowedMentions: { users: ['p7'] } })
          .catch((error) => {
            errors.push([error.status, error.code, error.rawError.errors]);
          });
        await asCommand(i).reply('fine');
        const edit = await i.client.rest
          .patch(Routes.webhookMessage(i.applicationId, i.token), {
            body: { content: 'edited', allowed_mentions: { parse: ['bogus'] } },
            auth: false,
          })
          .catch((error: { status: number; code: number; rawError: { errors: unknown } }) => [
            error.status,
            error.code,
            error.rawError.errors,
          ]);
        errors.push(edit);
        resolve(errors);
      }),
    );
    const handle = h.loopback.control.as('alice').slash('ping');
    const [unknownType, badStyle, badUser, badParse] = await outcome;
    expect(unknownType).toEqual([
      400,
      50035,
      { _errors: [expect.objectContaining({ code: 'UNION_TYPE_CHOICES' })] },
    ]);
    expect(badStyle).toEqual([
      400,
      50035,
      {
        data: {
          components: {
            0: {
              components: {
                0: { style: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_CHOICES' })] } },
              },
            },
          },
        },
      },
    ]);
    expect(badUser).toEqual([
      400,
      50035,
      {
        data: {
          allowed_mentions: {
            users: { 0: { _errors: [expect.objectContaining({ code: 'NUMBER_TYPE_COERCE' })] } },
          },
        },
      },
    ]);
    expect(badParse).toEqual([
      400,
      50035,
      {
        allowed_mentions: {
          parse: { 0: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_CHOICES' })] } },
        },
      },
    ]);
    expect((await handle.reply()).text).toBe('fine');
    const callback = 'POST /interactions/:interactionId/:token/callback';
    expect(h.loopback.control.takeContractViolations()).toEqual([
      { direction: 'request', route: callback, field: '', rule: 'UNION_TYPE_CHOICES' },
      {
        direction: 'request',
        route: callback,
        field: 'data.components.0.components.0.style',
        rule: 'BASE_TYPE_CHOICES',
      },
      {
        direction: 'request',
        route: callback,
        field: 'data.allowed_mentions.users.0',
        rule: 'NUMBER_TYPE_COERCE',
      },
      {
        direction: 'request',
        route: 'PATCH /webhooks/:applicationId/:token/messages/@original',
        field: 'allowed_mentions.parse.0',
        rule: 'BASE_TYPE_CHOICES',
      },
    ]);
  });
});
