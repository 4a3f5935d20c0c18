import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { InvalidRequestBudget, isInvalid } from '../../src/ops/invalid-requests.ts';
import { routeClass } from '../../src/ops/rest-watch.ts';

function budget(options = { limit: 10, windowMs: 60_000, slowAt: 0.5 }) {
  const clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
  const logs: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line)) });
  return { clock, logs, b: new InvalidRequestBudget(clock, log, options) };
}

describe('which answers Discord counts as invalid', () => {
  it('401, 403 and 429, but not a 429 of shared scope, and nothing else', () => {
    expect([401, 403, 429].map((s) => isInvalid(s, null))).toEqual([true, true, true]);
    expect(isInvalid(429, 'user')).toBe(true);
    expect(isInvalid(429, 'global')).toBe(true);
    expect(isInvalid(429, 'shared')).toBe(false);
    expect([200, 204, 400, 404, 500, 502].some((s) => isInvalid(s, null))).toBe(false);
  });
});

describe('the invalid-request budget', () => {
  it('counts in a sliding window on its clock: each answer leaves the window when it is old enough', () => {
    const { clock, b } = budget();
    b.record(403);
    clock.advance(30_000);
    b.record(401);
    b.record(404);
    expect(b.count()).toBe(2);
    clock.advance(31_000);
    expect(b.count()).toBe(1);
    clock.advance(30_000);
    expect(b.count()).toBe(0);
  });

  it('holds optional work from the mark, says so once per crossing, and frees it when the count falls', async () => {
    const { clock, logs, b } = budget();
    for (let n = 0; n < 4; n++) b.record(429, 'user');
    expect(b.heldUntil()).toBeNull();
    b.record(403);
    expect(b.count()).toBe(5);
    const until = b.heldUntil();
    expect(until).toBe(clock.now() + 1_000 + 60_000);
    // More refusals while held: still one warning.
    clock.advance(10_000);
    b.record(403);
    b.record(403);
    expect(logs.map((l) => l.level)).toEqual([40]);

    const freed: string[] = [];
    b.whenFree(() => freed.push('move'));
    const cancelled = b.whenFree(() => freed.push('cancelled'));
    cancelled();
    expect(b.waitingWork).toBe(1);
    // The first five leave the window; the two later ones are below the mark.
    clock.set(until as number);
    expect(b.count()).toBe(2);
    expect(b.heldUntil()).toBeNull();
    expect(logs.map((l) => l.level)).toEqual([40, 30]);
    await new Promise((r) => setImmediate(r));
    expect(freed).toEqual(['move']);

    // A second crossing is a second warning.
    for (let n = 0; n < 3; n++) b.record(401);
    expect(b.holding).toBe(true);
    expect(b.crossings).toBe(2);
    expect(logs.map((l) => l.level)).toEqual([40, 30, 40]);
  });

  it('stays held while answers keep coming, until the count is under the mark', () => {
    const { clock, b } = budget();
    for (let n = 0; n < 5; n++) b.record(403);
    for (let s = 0; s < 5; s++) {
      clock.advance(20_000);
      b.record(403);
      b.record(403);
    }
    // The first seven have left the window; the eight of the last minute keep it held.
    expect(b.count()).toBe(8);
    expect(b.holding).toBe(true);
    clock.advance(61_000);
    expect(b.count()).toBe(0);
    expect(b.holding).toBe(false);
  });

  it('refuses a budget that cannot be', () => {
    const clock = new ManualClock();
    const log = pino({ level: 'silent' });
    expect(() => new InvalidRequestBudget(clock, log, { limit: 0 })).toThrow(/limit/);
    expect(() => new InvalidRequestBudget(clock, log, { windowMs: 10 })).toThrow(/windowMs/);
    expect(() => new InvalidRequestBudget(clock, log, { slowAt: 1.5 })).toThrow(/slowAt/);
  });
});

describe('route classes', () => {
  it('leave out ids and tokens, so a label has few values', () => {
    expect(routeClass('post', '/channels/:id/messages')).toBe('POST /channels/:id/messages');
    expect(routeClass('PATCH', '/webhooks/:id/:token/messages/@original')).toBe(
      'PATCH /webhooks/:id/:token/messages/@original',
    );
    expect(routeClass('POST', '/interactions/1234/aW50ZXJhY3Rpb24/callback')).toBe(
      'POST /interactions/:id/:token/callback',
    );
    expect(routeClass('GET', '/channels/12345/messages/678?limit=5')).toBe('GET /channels/:id/messages/:id');
    expect(routeClass('GET', '/gateway/bot')).toBe('GET /gateway/bot');
  });
});
