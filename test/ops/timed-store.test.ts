import { describe, expect, it } from 'vitest';
import { ScarabMetrics } from '../../src/ops/metrics.ts';
import { timedStore } from '../../src/ops/timed-store.ts';
import { openDatabase } from '../../src/store/database.ts';
import { GameStore } from '../../src/store/game-store.ts';
import { SqliteStore } from '../../src/store/sqlite-store.ts';
import type { Store } from '../../src/store/store.ts';

async function counts(metrics: ScarabMetrics): Promise<Record<string, number>> {
  const [histogram] = (await metrics.registry.getMetricsAsJSON()).filter(
    (m) => m.name === 'scarab_db_query_seconds',
  );
  const out: Record<string, number> = {};
  for (const v of histogram?.values ?? [])
    if ((v as { metricName?: string }).metricName === 'scarab_db_query_seconds_count')
      out[String(v.labels.kind)] = v.value;
  return out;
}

describe('the store timed by kind', () => {
  it('times each call under its method, repositories under <repository>.<method>', async () => {
    const raw = new SqliteStore(new GameStore(openDatabase(':memory:')));
    const metrics = new ScarabMetrics();
    const store = timedStore(raw, metrics);
    await store.countGames(['active']);
    await store.countGames(['lobby']);
    await store.schedule.next();
    expect(await store.findGame(1)).toBeUndefined();
    expect(store.backend).toBe('sqlite');
    expect(await counts(metrics)).toEqual({ countGames: 2, 'schedule.next': 1, findGame: 1 });
    await store.close();
  });

  it('a call a test replaces is the one called (still timed), and putting the old one back restores it', async () => {
    const raw = new SqliteStore(new GameStore(openDatabase(':memory:')));
    const own = raw.findGame;
    const metrics = new ScarabMetrics();
    const store: Store = timedStore(raw, metrics);
    const saved = store.findGame;
    store.findGame = async () => undefined;
    expect(raw.findGame).not.toBe(own);
    await store.findGame(7);
    store.findGame = saved;
    expect(raw.findGame).toBe(own);
    await store.findGame(7);
    // Two calls, each timed once: the restored call is not wrapped twice.
    expect((await counts(metrics)).findGame).toBe(2);
    await store.close();
  });
});
