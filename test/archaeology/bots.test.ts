import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../../src/tools/simulate.ts';
import { parseArchaeologyArgs, simulateArchaeology } from '../../src/tools/simulate-archaeology.ts';

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, { stdout: (t) => out.push(...t.split('\n')), stderr: (t) => err.push(t) });
  return { code, out, err: err.join('\n') };
}

describe('Archaeology computer players', () => {
  it.each([2, 3, 4])(
    'the heuristic player beats %i-player tables of random players in at least nine games out of ten',
    (players) => {
      const bots = ['heuristic', ...Array.from({ length: players - 1 }, () => 'random')].join(',');
      const r = simulateArchaeology(
        parseArchaeologyArgs([
          '--games',
          '40',
          '--players',
          String(players),
          '--bots',
          bots,
          '--seed',
          `win-${players}`,
        ]),
      );
      expect(r.errors + r.invariantViolations).toBe(0);
      expect(r.winRates.heuristic).toBeGreaterThanOrEqual(0.9);
    },
  );

  it('heuristic players sell sets whole and explore the pyramid', () => {
    const r = simulateArchaeology(
      parseArchaeologyArgs(['--games', '60', '--players', '2-4', '--bots', 'heuristic', '--treasures']),
    );
    expect(r.errors).toBe(0);
    expect(r.chambersExplored).toBeGreaterThan(1.5);
    expect(r.treasures?.parchment.wholeSets).toBeGreaterThan(0.3);
    expect(r.averageWinningMoney).toBeGreaterThan(40);
  });
});

describe('npm run simulate -- --game archaeology', () => {
  it('prints the figures as its last line and exits 0', () => {
    const { code, out } = run(['--game', 'archaeology', '--games', '12', '--players', '2-4', '--treasures']);
    expect(code).toBe(0);
    const r = JSON.parse(out.filter(Boolean).at(-1) as string);
    expect(r).toMatchObject({ game: 'archaeology', games: 12, errors: 0, invariantViolations: 0 });
    expect(r.thievesPerGame).toBe(8);
    expect(out.some((l) => l.startsWith('coin '))).toBe(true);
  });

  it.each([
    [['--game', 'archaeology', '--players', '5'], /--players must be between 2 and 4, got 5/],
    [['--game', 'archaeology', '--bots', 'clever'], /unknown bot 'clever'/],
    [['--game', 'archaeology', '--pool', 'base'], /unknown option '--pool'/],
    [['--game', 'chess'], /--game must be valley or archaeology, got 'chess'/],
  ])('%j is refused with a clear message and exit code 2', (args, message) => {
    const { code, err } = run(args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });

  it('--catalog plays with a corrected treasure file, and refuses a broken one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arch-cat-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const data = JSON.parse(readFileSync('assets/cards/archaeology.json', 'utf8'));
    data.treasures.find((t: { id: string }) => t.id === 'coin').prices[4].value = 300;
    writeFileSync(join(dir, 'rich.json'), JSON.stringify(data));
    const rich = run([
      '--game',
      'archaeology',
      '--games',
      '10',
      '--bots',
      'heuristic',
      '--catalog',
      join(dir, 'rich.json'),
    ]);
    expect(rich.code).toBe(0);
    const plain = run(['--game', 'archaeology', '--games', '10', '--bots', 'heuristic']);
    const money = (o: string[]) => JSON.parse(o.filter(Boolean).at(-1) as string).averageWinningMoney;
    expect(money(rich.out)).toBeGreaterThan(money(plain.out));
    data.treasures.find((t: { id: string }) => t.id === 'coin').prices[1].value = 0;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(data));
    const bad = run(['--game', 'archaeology', '--catalog', join(dir, 'bad.json')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/coin: a set of 2 pays less than a set of 1/);
  });
});
