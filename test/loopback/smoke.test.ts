import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, PING, startHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ commands: [PING] });
  h.on('ping', async (i) => {
    if (i.isRepliable()) await i.reply('pong');
  });
});
afterAll(() => h.stop());

it('pings', async () => {
  const alice = h.loopback.control.createUser('alice');
  const reply = await h.loopback.control.as(alice).slash('ping').reply();
  expect(reply.content).toBe('pong');
  expect(h.errors).toEqual([]);
});
