import { describe, expect, it } from 'vitest';
import { seatBots, wilson, winRates, winRatesLine } from '../../../src/tools/win-rates.ts';

describe('win rates with their 95% intervals (the simulators’)', () => {
  it('Wilson’s interval: known values, inside [0, 1], narrowing with more games', () => {
    const [lo, hi] = wilson(81, 100);
    expect(lo).toBeCloseTo(0.7222, 3);
    expect(hi).toBeCloseTo(0.8749, 3);
    expect(wilson(0, 10)[0]).toBe(0);
    expect(wilson(10, 10)[1]).toBeCloseTo(1, 9);
    expect(wilson(10, 10)[0]).toBeGreaterThan(0.69);
    const narrow = wilson(300, 400);
    expect(narrow[1] - narrow[0]).toBeLessThan(hi - lo);
    expect(wilson(0, 0)).toEqual([0, 1]);
  });

  it('each bot over the seats it played, ties shared, and one line for people', () => {
    const rates = winRates(
      new Map([
        ['search', 7.5],
        ['heuristic', 2.5],
      ]),
      new Map([
        ['search', 10],
        ['heuristic', 30],
      ]),
    );
    expect(rates.search?.rate).toBe(0.75);
    expect(rates.heuristic?.seats).toBe(30);
    expect(winRatesLine(rates)).toMatch(
      /^search 75\.0% \[95% CI \d+\.\d%–\d+\.\d%\] of 10 seats · heuristic 8\.3%/,
    );
  });

  it('seats alternated: the per-seat list turns a seat further each game', () => {
    expect(seatBots(['a', 'b'], 2, 0, true)).toEqual(['a', 'b']);
    expect(seatBots(['a', 'b'], 2, 1, true)).toEqual(['b', 'a']);
    expect(seatBots(['s', 'h', 'h', 'h'], 4, 3, true)).toEqual(['h', 's', 'h', 'h']);
    expect(seatBots(['a', 'b'], 2, 1, false)).toEqual(['a', 'b']);
    expect(seatBots(['x'], 3, 5, true)).toEqual(['x', 'x', 'x']);
  });
});
