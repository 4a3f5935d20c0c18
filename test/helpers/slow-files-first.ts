/**
 * Vitest's sequencer starts the files that took longest last time first; a fresh clone has no such
 * record, and vitest then starts the largest files first, which put a 90-second game last and left
 * the other workers idle while it finished. The files that take longest on this machine (measured:
 * README, "Tests") start first whenever the record is missing; with a record, vitest's own order stands.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST = [
  'test/discord/six-players.test.ts',
  'test/store/crash.test.ts',
  'test/discord/full-game.test.ts',
  'test/valley/fuzz.test.ts',
  'test/store/race.test.ts',
  'test/store/startup.test.ts',
  'test/local/archaeology.test.ts',
  'test/archaeology/fuzz.test.ts',
  'test/discord/languages.test.ts',
  'test/discord/channel-limits.test.ts',
  'test/discord/absence-vote.test.ts',
  'test/store/move-to-postgres.test.ts',
  'test/discord/tidy-thread.test.ts',
];

export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root.replace(/\/?$/, '/');
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST.indexOf(spec.moduleId.replace(root, ''));
      return index === -1 ? SLOWEST.length : index;
    };
    const recorded = sorted.some((spec) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${spec.moduleId.replace(root, '')}`),
    );
    if (recorded) return sorted;
    // Array.prototype.sort is stable: the other files keep vitest's order (largest first).
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
