import type { APIMessageTopLevelComponent } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { type MediaAttachment, resolveComponentMedia } from '../../src/local/component-media.ts';

/** A Components V2 message's `attachment://` media and files, resolved to the page's own addresses. */
const board: MediaAttachment = {
  id: '900',
  filename: 'board.png',
  contentType: 'image/png',
  size: 4096,
  width: 800,
  height: 500,
  pageUrl: '/attachments/7/900/board.png',
};
const record: MediaAttachment = {
  id: '901',
  filename: 'game record.txt',
  contentType: 'text/plain',
  size: 2100,
  width: null,
  height: null,
  pageUrl: '/attachments/7/901/game%20record.txt',
};

const message = (): APIMessageTopLevelComponent[] =>
  JSON.parse(
    JSON.stringify([
      {
        type: 17,
        accent_color: 0xe9b949,
        components: [
          { type: 12, items: [{ media: { url: 'attachment://board.png' }, description: 'The pyramid' }] },
          {
            type: 9,
            components: [{ type: 10, content: 'Ushabti' }],
            accessory: { type: 11, media: { url: 'attachment://board.png' }, description: 'a card' },
          },
          { type: 13, file: { url: 'attachment://game record.txt' } },
        ],
      },
      { type: 12, items: [{ media: { url: 'attachment://gone.png' } }] },
    ]),
  );

/** The value at a path in what the resolver returns. */
const dig = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);

describe('resolveComponentMedia', () => {
  it('resolves every attachment:// in a container, a section’s thumbnail and a file, as Discord answers them', () => {
    const given = message();
    const before = JSON.stringify(given);
    const resolved = resolveComponentMedia(given, [board, record]);
    const container = (...path: (string | number)[]) => dig(resolved, 0, ...path);
    const unfurled = {
      url: board.pageUrl,
      proxy_url: board.pageUrl,
      width: 800,
      height: 500,
      content_type: 'image/png',
      attachment_id: '900',
    };
    expect(container('accent_color')).toBe(0xe9b949);
    expect(container('components', 0, 'items', 0)).toEqual({ media: unfurled, description: 'The pyramid' });
    expect(container('components', 1, 'accessory', 'media')).toEqual(unfurled);
    expect(container('components', 1, 'components')).toEqual([{ type: 10, content: 'Ushabti' }]);
    expect(container('components', 2)).toEqual({
      type: 13,
      file: {
        url: record.pageUrl,
        proxy_url: record.pageUrl,
        width: null,
        height: null,
        content_type: 'text/plain',
        attachment_id: '901',
      },
      name: 'game record.txt',
      size: 2100,
    });
    // A name the message does not have stays as it is, for the page to say so.
    expect(dig(resolved, 1, 'items', 0, 'media')).toEqual({ url: 'attachment://gone.png' });
    // The loopback's records are frozen snapshots: never written to.
    expect(JSON.stringify(given)).toBe(before);
  });

  it('finds an attachment already given by its address, whatever the host, or by attachment_id', () => {
    const at = (url: string, extra: object = {}) =>
      dig(
        resolveComponentMedia(
          [{ type: 12, items: [{ media: { url, ...extra } }] }] as APIMessageTopLevelComponent[],
          [board],
        ),
        0,
        'items',
        0,
        'media',
        'url',
      );
    expect(at('http://127.0.0.1:41234/attachments/7/900/board.png')).toBe(board.pageUrl);
    expect(at('https://cdn.example/x.png', { attachment_id: '900' })).toBe(board.pageUrl);
    expect(at('http://127.0.0.1:41234/attachments/7/555/board.png')).toBe(
      'http://127.0.0.1:41234/attachments/7/555/board.png',
    );
    expect(at('https://example.com/picture.png')).toBe('https://example.com/picture.png');
  });

  it('leaves classic action rows as they are', () => {
    const rows = [
      { type: 1, components: [{ type: 2, style: 1, custom_id: 'hand', label: 'My hand' }] },
    ] as APIMessageTopLevelComponent[];
    expect(resolveComponentMedia(rows, [board])).toEqual(rows);
    expect(resolveComponentMedia(rows, [])).toEqual(rows);
  });
});
