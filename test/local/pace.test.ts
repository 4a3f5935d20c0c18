import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pace, type PaceStore } from '../../src/local/pace.ts';
import type { PagePace, PageTableState } from '../../src/local/page-types.ts';
import { call, FAST, type LocalHarness, readFeed, startLocalHarness } from './local-harness.ts';

/**
 * The computer players' pace, chosen on the page: it changes the timing object the running bot
 * reads, every page hears of it, and it is kept with the table across a restart.
 */
const DEFAULTS = { botDelayMs: 1_500, autoPassMinMs: 2_000, autoPassMaxMs: 8_000 };
let h: LocalHarness;

beforeAll(async () => {
  h = await startLocalHarness(DEFAULTS);
});
afterAll(async () => {
  await h?.stop();
});

const pace = async () => (await call(`${h.url}/api/pace`)).body as unknown as PagePace;

describe('the pace of computer players', () => {
  it('starts from BOT_DELAY_MS, which is the Normal pace', async () => {
    expect(await pace()).toEqual({
      name: 'normal',
      botDelayMs: 1_500,
      choices: [
        { name: 'slow', label: 'Slow', botDelayMs: 3_000 },
        { name: 'normal', label: 'Normal', botDelayMs: 1_500 },
        { name: 'fast', label: 'Fast', botDelayMs: 400 },
        { name: 'instant', label: 'Instant', botDelayMs: 0 },
      ],
    });
    expect(((await call(`${h.url}/api/state`)).body.pace as PagePace).name).toBe('normal');
  });

  it("changes the running bot's delay, tells every page, and leaves the reaction windows alone", async () => {
    const feed = readFeed(`${h.url}/api/feed?as=${await someone()}`);
    await feed.opened;
    const r = await call(`${h.url}/api/pace`, { body: { pace: 'instant' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'instant', botDelayMs: 0 });
    expect(h.timing).toEqual({ ...DEFAULTS, botDelayMs: 0 });
    await expect.poll(() => feed.events.map((e) => e.type)).toContain('pace');
    const event = JSON.parse(feed.events.find((e) => e.type === 'pace')?.data ?? '{}') as { pace: PagePace };
    expect(event.pace.name).toBe('instant');
    feed.close();
  });

  it.each([
    [{ pace: 'warp' }, '"pace" must be one of slow, normal, fast, instant (got "warp")'],
    [{ pace: 0 }, '"pace" must be one of slow, normal, fast, instant (got 0)'],
    [{}, '"pace" must be one of slow, normal, fast, instant (got undefined)'],
  ])('refuses %j with 400', async (body, message) => {
    const r = await call(`${h.url}/api/pace`, { body });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(message);
    expect(h.timing.botDelayMs).toBe(0);
  });

  it('is kept with the table across a restart, and the feed opens with the table', async () => {
    await h.restart();
    expect(h.timing.botDelayMs).toBe(0);
    expect((await pace()).name).toBe('instant');
    const feed = readFeed(`${h.url}/api/feed?as=${await someone()}`);
    await expect.poll(() => feed.events.length).toBeGreaterThan(0);
    const first = feed.events[0];
    expect(first?.type).toBe('table');
    const table = (JSON.parse(first?.data ?? '{}') as { state: PageTableState }).state;
    expect(table.bot.id).toBe(h.table.world.bot.id);
    expect(table.pace.name).toBe('instant');
    feed.close();
  });
});

describe('a BOT_DELAY_MS that is none of the paces', () => {
  it('is offered as a pace of its own, and can be chosen again', () => {
    let saved: string | null = null;
    const store: PaceStore = { savedPace: () => saved, savePace: (name) => (saved = name) };
    const timing = { ...FAST };
    const p = new Pace(timing, store);
    expect(p.get()).toMatchObject({ name: 'custom', botDelayMs: 5 });
    expect(p.get().choices.at(-1)).toEqual({ name: 'custom', label: 'As BOT_DELAY_MS', botDelayMs: 5 });
    p.set('slow');
    expect(timing.botDelayMs).toBe(3_000);
    p.set('custom');
    expect(timing.botDelayMs).toBe(5);
    expect(saved).toBe('custom');
  });

  it('gives way to the pace saved with the table, and a saved pace no longer offered is ignored', () => {
    const timing = { ...FAST };
    new Pace(timing, { savedPace: () => 'fast', savePace: () => {} });
    expect(timing.botDelayMs).toBe(400);
    const other = { ...FAST, botDelayMs: 1_500 };
    new Pace(other, { savedPace: () => 'custom', savePace: () => {} });
    expect(other.botDelayMs).toBe(1_500);
  });
});

async function someone(): Promise<string> {
  const users = (await call(`${h.url}/api/users`)).body as unknown as { id: string }[];
  if (users[0]) return users[0].id;
  return ((await call(`${h.url}/api/users`, { body: { name: 'alice' } })).body as { id: string }).id;
}
