import { describe, expect, it } from 'vitest';
import {
  DISCORD_EPOCH,
  ManualClock,
  SnowflakeGenerator,
  snowflakeFrom,
  snowflakeTimestamp,
} from '../../src/loopback/index.ts';

describe('snowflakes', () => {
  it('have Discord’s form: (ms − epoch) << 22 plus worker, process and increment bits', () => {
    // The example from Discord's documentation.
    expect(snowflakeTimestamp('175928847299117063')).toBe(1_462_015_105_796);
    expect(snowflakeFrom(1_462_015_105_796, 1n, 0n, 7n)).toBe(
      (((1_462_015_105_796n - BigInt(DISCORD_EPOCH)) << 22n) | (1n << 17n) | 7n).toString(),
    );
  });

  it('are unique and increasing even when the clock stands still', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ids = new SnowflakeGenerator(clock);
    const many = Array.from({ length: 5_000 }, () => ids.next());
    expect(new Set(many).size).toBe(many.length);
    for (let i = 1; i < many.length; i++) expect(BigInt(many[i] ?? 0) > BigInt(many[i - 1] ?? 0)).toBe(true);
    expect(many.every((id) => /^\d{17,19}$/.test(id))).toBe(true);
    expect(snowflakeTimestamp(many[0] ?? '')).toBe(Date.UTC(2026, 0, 1));
  });
});
