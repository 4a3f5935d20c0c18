import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { asCommand, PING, startHarness } from './harness.ts';

const KINDS = ['TCPSocketWrap', 'TCPServerWrap', 'Timeout', 'Immediate'];
const count = () =>
  Object.fromEntries(
    KINDS.map((kind) => [kind, process.getActiveResourcesInfo().filter((r) => r === kind).length]),
  );

it('stop() and destroy() leave no server, socket or timer behind, and end pending waits and feeds', async () => {
  await sleep(20);
  const before = count();
  const h = await startHarness({ commands: [PING], loopback: { heartbeatIntervalMs: 200 } });
  h.on('ping', (i) => asCommand(i).reply('pong'));
  const { control } = h.loopback;
  const alice = control.createUser('alice');
  await control.as(alice).slash('ping').reply();
  const feed = control.feed({ as: alice.id });
  const pendingWait = control.waitForMessage({ where: () => false, description: 'that never comes' }).then(
    () => null,
    (error: unknown) => error,
  );
  const stream = await fetch(`${h.loopback.url}/_loopback/feed`);
  control.faults.delay('GET /channels/:channelId', 10_000);
  const slow = fetch(`${h.loopback.restApi}/v10/channels/${control.defaultChannel.id}`, {
    headers: { authorization: `Bot ${h.loopback.token}` },
  }).then(
    (r) => r.status,
    (error: unknown) => error,
  );
  await sleep(20);

  await h.stop();
  expect(String(await pendingWait)).toMatch(
    /the loopback server stopped while waiting for a message that never comes/,
  );
  expect(await feed.next()).toEqual({ value: undefined, done: true });
  await stream.body?.cancel();
  expect(await slow).toBeInstanceOf(Error);
  // Sockets and timers close on later turns of the event loop, later still on a busy machine: wait until
  // none is over its count before (a leak stays over for ever; the bound only ends the wait).
  const over = (now: Record<string, number>) => KINDS.some((kind) => (now[kind] ?? 0) > (before[kind] ?? 0));
  for (let tries = 0; tries < 200 && over(count()); tries++) await sleep(50);
  const after = count();
  // Fewer is fine (the test runner's own timers come and go); more would be a leak.
  for (const kind of KINDS)
    expect({ kind, count: after[kind] }).toEqual({
      kind,
      count: Math.min(after[kind] ?? 0, before[kind] ?? 0),
    });
});
