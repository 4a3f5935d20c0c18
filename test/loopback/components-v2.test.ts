import { ButtonStyle, ComponentType, MessageFlags, Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackControl } from '../../src/loopback/index.ts';
import { type Harness, startHarness } from './harness.ts';

let h: Harness;
let control: LoopbackControl;
let channels = 0;

const V2 = MessageFlags.IsComponentsV2;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const text = (content: string) => ({ type: ComponentType.TextDisplay, content });
const button = (id: string) => ({
  type: ComponentType.Button,
  style: ButtonStyle.Secondary,
  custom_id: id,
  label: id,
});
const gallery = (name: string) => ({
  type: ComponentType.MediaGallery,
  items: [{ media: { url: `attachment://${name}` }, description: 'the table, in words' }],
});

/** A fresh channel per message: Discord's 5 messages per 5 s per channel would only add waits here. */
function channel(): string {
  channels += 1;
  return control.createChannel({ name: `v2-${channels}` }).id;
}

/** Discord's refusal, `[field, code]` for each problem; nothing stored, the contract log told. */
async function refused(where: string, call: Promise<unknown>): Promise<[string, string][]> {
  const before = control.messages(where).map((m) => `${m.id}:${m.version}`);
  const error = (await call.then(
    () => ({ status: 200 }),
    (e: unknown) => e,
  )) as { status?: number; code?: number; rawError?: { errors?: unknown } };
  expect([error.status, error.code]).toEqual([400, 50035]);
  expect(control.messages(where).map((m) => `${m.id}:${m.version}`)).toEqual(before);
  control.takeContractViolations();
  return leaves(error.rawError?.errors);
}

function leaves(tree: unknown, path: string[] = []): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    key === '_errors'
      ? (value as { code: string }[]).map((e) => [path.join('.'), e.code])
      : leaves(value, [...path, key]),
  );
}

beforeAll(async () => {
  h = await startHarness();
  control = h.loopback.control;
});
afterAll(() => h.stop());

describe('Components V2 messages, held to Discord’s rules', () => {
  it('a container with text, a gallery of an upload, a section and a row: stored, read and answered', async () => {
    const where = channel();
    const alice = control.createUser({ username: 'alice' });
    const sent = (await h.client.rest.post(Routes.channelMessages(where), {
      body: {
        flags: V2,
        allowed_mentions: { parse: [], users: [alice.id] },
        components: [
          {
            type: ComponentType.Container,
            accent_color: 0xe69f00,
            components: [
              text(`Turn 3 · <@${alice.id}> to play`),
              gallery('table.png'),
              {
                type: ComponentType.Section,
                components: [text('**Boat** · cost 6')],
                accessory: button('buy'),
              },
              { type: ComponentType.ActionRow, components: [button('hand'), button('log')] },
            ],
          },
        ],
      },
      files: [{ name: 'table.png', data: PNG, contentType: 'image/png' }],
    })) as { id: string; content: string; components: Record<string, unknown>[] };
    expect(sent.content).toBe('');
    const stored = control.messages(where).find((m) => m.id === sent.id);
    // The reader's text is every text display, sections' included; a mention there pings as in content.
    expect(stored?.text).toBe(`Turn 3 · <@${alice.id}> to play\n**Boat** · cost 6`);
    expect(stored?.notified).toEqual([alice.id]);
    // Discord's answer resolves the picture to the upload, numbers every component and fills defaults.
    const container = sent.components[0] as {
      id: number;
      spoiler: boolean;
      components: Record<string, unknown>[];
    };
    expect(container.id).toBe(1);
    expect(container.spoiler).toBe(false);
    const item = (container.components[1] as { items: { media: { url: string; attachment_id: string } }[] })
      .items[0];
    expect(item?.media.url).toBe(stored?.attachments[0]?.url);
    expect(item?.media.attachment_id).toBe(stored?.attachments[0]?.id);
  });

  it('refuses content or embeds beside the flag, in Discord’s words', async () => {
    const where = channel();
    expect(
      await refused(
        where,
        h.client.rest.post(Routes.channelMessages(where), {
          body: { flags: V2, content: 'hello', components: [text('hi')] },
        }),
      ),
    ).toEqual([['content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2']]);
  });

  it('refuses more than 40 components, counting nested ones, and more than 4,000 characters of text', async () => {
    const where = channel();
    // 1 container + 13 rows of 2 buttons = 40: accepted; one more button is 41.
    const rows = (n: number, extra: number) =>
      Array.from({ length: n }, (_, r) => ({
        type: ComponentType.ActionRow,
        components: [button(`a${r}`), button(`b${r}`), ...(r === 0 && extra ? [button('c')] : [])],
      }));
    await h.client.rest.post(Routes.channelMessages(where), {
      body: { flags: V2, components: [{ type: ComponentType.Container, components: rows(13, 0) }] },
    });
    const fresh = channel();
    const over = await refused(
      fresh,
      h.client.rest.post(Routes.channelMessages(fresh), {
        body: { flags: V2, components: [{ type: ComponentType.Container, components: rows(13, 1) }] },
      }),
    );
    expect(over.length).toBeGreaterThan(0);
    // 4,000 characters in all: two displays of 2,000 pass, one more character does not.
    await h.client.rest.post(Routes.channelMessages(channel()), {
      body: { flags: V2, components: [text('x'.repeat(2000)), text('y'.repeat(2000))] },
    });
    const long = channel();
    expect(
      await refused(
        long,
        h.client.rest.post(Routes.channelMessages(long), {
          body: { flags: V2, components: [text('x'.repeat(2000)), text('y'.repeat(2001))] },
        }),
      ),
    ).toHaveLength(1);
  });

  it('keeps a row’s limits inside a container: six buttons are refused', async () => {
    const six = Array.from({ length: 6 }, (_, i) => button(`b${i}`));
    const where = channel();
    const problems = await refused(
      where,
      h.client.rest.post(Routes.channelMessages(where), {
        body: {
          flags: V2,
          components: [
            {
              type: ComponentType.Container,
              components: [{ type: ComponentType.ActionRow, components: six }],
            },
          ],
        },
      }),
    );
    expect(problems.length).toBeGreaterThan(0);
  });

  it('refuses a picture that names no attachment of the message', async () => {
    const where = channel();
    const problems = await refused(
      where,
      h.client.rest.post(Routes.channelMessages(where), {
        body: { flags: V2, components: [gallery('missing.png')] },
        files: [{ name: 'table.png', data: PNG, contentType: 'image/png' }],
      }),
    );
    expect(problems).toEqual([
      ['components.0.items.0.media.url', 'UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND'],
    ]);
  });

  it('an edit keeps the flag: it cannot drop it, nor bring content back; the pictures kept stay nameable', async () => {
    const where = channel();
    const sent = (await h.client.rest.post(Routes.channelMessages(where), {
      body: { flags: V2, components: [text('board'), gallery('table.png')] },
      files: [{ name: 'table.png', data: PNG, contentType: 'image/png' }],
    })) as { id: string };
    const edit = (body: unknown) => h.client.rest.patch(Routes.channelMessage(where, sent.id), { body });
    expect(await refused(where, edit({ flags: 0, content: 'plain again', components: [] }))).toContainEqual([
      'flags',
      'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
    ]);
    // Without flags the message is still V2: content is refused, components are read as V2.
    expect(await refused(where, edit({ content: 'hello' }))).toEqual([
      ['content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2'],
    ]);
    await edit({ components: [text('board, without its controls'), gallery('table.png')] });
    const stored = control.messages(where).find((m) => m.id === sent.id);
    expect(stored?.text).toBe('board, without its controls');
    expect(stored?.attachments.map((a) => a.filename)).toEqual(['table.png']);
  });

  it('a plain message becomes V2 only with its content cleared', async () => {
    const where = channel();
    const sent = (await h.client.rest.post(Routes.channelMessages(where), {
      body: { content: 'plain' },
    })) as { id: string };
    const edit = (body: unknown) => h.client.rest.patch(Routes.channelMessage(where, sent.id), { body });
    expect(await refused(where, edit({ flags: V2, components: [text('now V2')] }))).toEqual([
      ['content', 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2'],
    ]);
    await edit({ flags: V2, content: '', components: [text('now V2')] });
    const stored = control.messages(where).find((m) => m.id === sent.id);
    expect([stored?.content, stored?.text, (stored?.flags ?? 0) & V2]).toEqual(['', 'now V2', V2]);
  });
});
