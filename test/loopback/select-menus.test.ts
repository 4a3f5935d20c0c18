import { ComponentType, InteractionResponseType, Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl } from '../../src/loopback/index.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let control: LoopbackControl;
let channels = 0;

type Menu = Record<string, unknown>;
const options = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ label: `Option ${i}`, value: `v${i}` }));
const menu = (fields: Menu = {}): Menu => ({
  type: ComponentType.StringSelect,
  custom_id: 'menu',
  options: options(3),
  ...fields,
});

/**
 * Raw REST, because discord.js's builders would refuse most of these before sending. Each send goes
 * to a channel of its own: Discord's 5 messages per 5 s per channel would only add waits here.
 */
async function send(select: Menu): Promise<unknown> {
  const before = control.messages().length;
  channels += 1;
  const channel = control.createChannel({ name: `menus-${channels}` });
  const outcome = await h.client.rest
    .post(Routes.channelMessages(channel.id), {
      body: { content: 'menu', components: [{ type: ComponentType.ActionRow, components: [select] }] },
    })
    .then(
      () => 'accepted',
      (error: { status?: number; code?: number; rawError?: { errors?: unknown } }) => {
        expect([error.status, error.code]).toEqual([400, 50035]);
        return error.rawError?.errors;
      },
    );
  if (outcome !== 'accepted') expect(control.messages()).toHaveLength(before);
  // Each refusal is in the contract log too, one entry per field the errors name.
  expect(control.takeContractViolations()).toEqual(
    outcome === 'accepted'
      ? []
      : leaves(outcome).map(([field, rule]) => ({ direction: 'request', route: SEND, field, rule })),
  );
  return outcome;
}

const SEND = 'POST /channels/:channelId/messages';

/** The `[field, code]` of each problem in Discord's errors tree: `['components.0.components.0.placeholder', …]`. */
function leaves(tree: unknown, path: string[] = []): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    key === '_errors'
      ? (value as { code: string }[]).map((e) => [path.join('.'), e.code])
      : leaves(value, [...path, key]),
  );
}

/** Discord's nesting for one problem on the first row's select: `components.0.components.0.<path>._errors`. */
function at(path: (string | number)[], code: string, message?: string) {
  let node: Record<string, unknown> = {
    _errors: [message === undefined ? expect.objectContaining({ code }) : { code, message }],
  };
  for (const key of [...path].reverse()) node = { [String(key)]: node };
  return { components: { 0: { components: { 0: node } } } };
}

beforeAll(async () => {
  h = await startHarness();
  control = h.loopback.control;
});
afterAll(() => h.stop());

describe('string select limits, answered in Discord’s 50035 shape', () => {
  it('a menu at every limit is accepted', async () => {
    const longest = Array.from({ length: 25 }, (_, i) => ({
      label: `${i}`.padEnd(100, 'l'),
      value: `${i}`.padEnd(100, 'v'),
      description: 'd'.repeat(100),
    }));
    expect(
      await send(menu({ options: longest, placeholder: 'p'.repeat(150), min_values: 0, max_values: 25 })),
    ).toBe('accepted');
  });

  it('an option description over 100 characters', async () => {
    const bad = options(3).map((o, i) => (i === 1 ? { ...o, description: 'd'.repeat(101) } : o));
    expect(await send(menu({ options: bad }))).toEqual(
      at(['options', 1, 'description'], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.'),
    );
  });

  it('an option label or value over 100 characters, or empty', async () => {
    // A length with both ends is reported with both, too long or empty, as Discord reports a row's 1 to 5.
    expect(await send(menu({ options: [{ label: 'l'.repeat(101), value: 'a' }] }))).toEqual(
      at(['options', 0, 'label'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.'),
    );
    expect(await send(menu({ options: [{ label: 'a', value: 'v'.repeat(101) }] }))).toEqual(
      at(['options', 0, 'value'], 'BASE_TYPE_BAD_LENGTH'),
    );
    expect(await send(menu({ options: [{ label: '', value: 'a' }] }))).toEqual(
      at(['options', 0, 'label'], 'BASE_TYPE_BAD_LENGTH'),
    );
  });

  it('a placeholder over 150 characters', async () => {
    expect(await send(menu({ placeholder: 'p'.repeat(151) }))).toEqual(
      at(['placeholder'], 'BASE_TYPE_MAX_LENGTH', 'Must be 150 or fewer in length.'),
    );
  });

  it('no options, or more than 25', async () => {
    const expected = at(['options'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 25 in length.');
    expect(await send(menu({ options: [] }))).toEqual(expected);
    expect(await send(menu({ options: options(26) }))).toEqual(expected);
  });

  it('two options with the same value', async () => {
    const twice = [...options(2), { label: 'Again', value: 'v0' }];
    expect(await send(menu({ options: twice }))).toEqual(
      at(
        ['options', 2],
        'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        'The specified option value is already used',
      ),
    );
  });

  it('min_values outside 0–25 and max_values outside 1–25', async () => {
    expect(await send(menu({ min_values: -1 }))).toEqual(at(['min_values'], 'NUMBER_TYPE_MIN'));
    expect(await send(menu({ options: options(25), min_values: 26, max_values: 25 }))).toEqual(
      at(['min_values'], 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 25.'),
    );
    expect(await send(menu({ min_values: 0, max_values: 0 }))).toEqual(at(['max_values'], 'NUMBER_TYPE_MIN'));
    expect(await send(menu({ options: options(25), max_values: 26 }))).toEqual(
      at(['max_values'], 'NUMBER_TYPE_MAX'),
    );
  });

  it('min_values above max_values, and max_values above the number of options', async () => {
    expect(await send(menu({ min_values: 3, max_values: 2 }))).toEqual(
      at(['min_values'], 'BASE_TYPE_INVALID'),
    );
    expect(await send(menu({ max_values: 4 }))).toEqual(at(['max_values'], 'BASE_TYPE_INVALID'));
  });

  it('other select types get the placeholder and count rules too', async () => {
    const users = {
      type: ComponentType.UserSelect,
      custom_id: 'who',
      placeholder: 'p'.repeat(151),
      max_values: 30,
    };
    expect(await send(users)).toEqual({
      components: {
        0: {
          components: {
            0: {
              placeholder: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_MAX_LENGTH' })] },
              max_values: { _errors: [expect.objectContaining({ code: 'NUMBER_TYPE_MAX' })] },
            },
          },
        },
      },
    });
  });

  it('in an interaction callback the path starts at data, and discord.js prints it', async () => {
    const result = new Promise<unknown>((resolve) =>
      h.on('ping', async (i) => {
        await i.client.rest
          .post(Routes.interactionCallback(i.id, i.token), {
            auth: false,
            body: {
              type: InteractionResponseType.ChannelMessageWithSource,
              data: {
                content: 'menu',
                components: [
                  { type: ComponentType.ActionRow, components: [menu({ placeholder: 'p'.repeat(151) })] },
                ],
              },
            },
          })
          .then(resolve, resolve);
      }),
    );
    await h.client.application?.commands.set([{ name: 'ping', description: 'x' }]);
    await control.waitForCommands(['ping']);
    control.as(control.createUser('alice')).slash('ping');
    const error = (await result) as { code?: number; message?: string; rawError?: { errors?: unknown } };
    expect(error.code).toBe(50035);
    expect(error.rawError?.errors).toEqual({ data: at(['placeholder'], 'BASE_TYPE_MAX_LENGTH') });
    expect(error.message).toContain('data.components[0].components[0].placeholder[BASE_TYPE_MAX_LENGTH]');
    expect(control.takeContractViolations()).toEqual([
      {
        direction: 'request',
        route: 'POST /interactions/:interactionId/:token/callback',
        field: 'data.components.0.components.0.placeholder',
        rule: 'BASE_TYPE_MAX_LENGTH',
      },
    ]);
  });
});
