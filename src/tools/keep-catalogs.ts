/**
 * `npx tsx src/tools/keep-catalogs.ts`: run after editing a card catalog in assets/cards. Copies each
 * catalog file whose version is not kept yet to assets/cards/history and lists it for its game's rules
 * (src/games/<game>/catalog-history.ts), so games dealt with it keep replaying after the next edit.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { fromRoot } from '../paths.ts';
import {
  CATALOG_FILES,
  currentVersions,
  HISTORY_DIR,
  historyFile,
  indexFile,
  indexSource,
  listedVersions,
} from './catalog-history.ts';

mkdirSync(fromRoot(HISTORY_DIR), { recursive: true });
const current = currentVersions();
for (const game of new Set(Object.values(CATALOG_FILES))) {
  const kept = listedVersions(game);
  let added = false;
  for (const c of current.filter((x) => CATALOG_FILES[x.name] === game)) {
    const copy = historyFile(c.name, c.version);
    if (!existsSync(fromRoot(copy))) {
      copyFileSync(fromRoot(c.file), fromRoot(copy));
      console.log(`kept ${c.file} as ${copy}`);
    }
    if (!kept.some((k) => k.name === c.name && k.version === c.version)) {
      kept.push({ name: c.name, version: c.version });
      added = true;
    }
  }
  if (added || !existsSync(fromRoot(indexFile(game)))) {
    writeFileSync(fromRoot(indexFile(game)), indexSource(kept));
    // Formatted as `npm run check` wants it (long import lines wrapped, imports sorted).
    const formatted = spawnSync('npx', ['biome', 'check', '--write', indexFile(game)], {
      cwd: fromRoot(),
      stdio: 'inherit',
    });
    if (formatted.status !== 0) throw new Error(`biome could not format ${indexFile(game)}`);
    console.log(`listed ${kept.length} versions in ${indexFile(game)}`);
  }
}
console.log('every catalog file has its version kept');
