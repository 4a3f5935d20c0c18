import { AttachmentBuilder } from 'discord.js';
import { Routes } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_TIMINGS, type LoopbackControl } from '../../src/loopback/index.ts';
import { asCommand, type Harness, startHarness } from './harness.ts';

const MiB = 1024 * 1024;

let h: Harness;
let control: LoopbackControl;
const seenLimits: number[] = [];

const file = (name: string, size: number) => ({ name, data: Buffer.alloc(size, 7) });
const post = (files: { name: string; data: Buffer }[]) =>
  h.client.rest.post(Routes.channelMessages(control.defaultChannel.id), {
    body: { content: 'upload' },
    files,
  });

beforeAll(async () => {
  h = await startHarness({
    commands: [{ name: 'big', description: 'replies with an oversized file' }],
    // A hang guard only: the harness's 2 s is for small bodies, and sending 10 MiB twice over took longer
    // than that on a 2-core machine with both cores busy (discord.js then aborts the upload).
    client: { rest: { timeout: 30_000 } },
  });
  control = h.loopback.control;
  h.on('big', async (i) => {
    seenLimits.push(i.attachmentSizeLimit);
    await asCommand(i)
      .reply({ files: [new AttachmentBuilder(Buffer.alloc(10 * MiB + 1), { name: 'big.bin' })] })
      .catch(async (error: { status?: number; code?: number }) => {
        await asCommand(i).reply(`refused: ${error.status} ${error.code}`);
      });
  });
});
afterAll(() => h.stop());

describe('upload size: 10 MiB per file, as for a bot in a server without boosts', () => {
  it('is Discord’s default', () => {
    expect(DISCORD_TIMINGS.attachmentSizeLimit).toBe(10 * MiB);
  });

  it('a file of 10 MiB + 1 byte answers 413 / 40005 and nothing is stored', async () => {
    const before = control.messages().length;
    await expect(post([file('big.bin', 10 * MiB + 1)])).rejects.toMatchObject({
      status: 413,
      code: 40005,
      rawError: { message: 'Request entity too large', code: 40005 },
    });
    expect(control.messages()).toHaveLength(before);
  });

  it('a file of exactly 10 MiB is accepted', async () => {
    await expect(post([file('exact.bin', 10 * MiB)])).resolves.toMatchObject({
      attachments: [{ filename: 'exact.bin', size: 10 * MiB }],
    });
  });

  it('the limit is per file since April 2025: two files of 6 MiB in one message are accepted', async () => {
    await expect(post([file('a.bin', 6 * MiB), file('b.bin', 6 * MiB)])).resolves.toMatchObject({
      attachments: [{ size: 6 * MiB }, { size: 6 * MiB }],
    });
  });

  it('an interaction carries the limit, and a reply over it is refused with 413 too', async () => {
    const reply = await control.as(control.createUser('alice')).slash('big').reply();
    expect(seenLimits).toEqual([10 * MiB]);
    expect(reply.text).toBe('refused: 413 40005');
    expect(reply.attachments).toEqual([]);
  });
});
