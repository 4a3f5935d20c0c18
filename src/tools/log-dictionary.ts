/**
 * `npx tsx src/tools/log-dictionary.ts <game> [options-json ...] > assets/log-dictionaries/<game>-<n>.txt`
 * (valley-1: `valley '{}' '{"pool":"base-afterlife"}'`; archaeology-1: `archaeology`): a zlib dictionary
 * for what a game's moves say (src/store/log-codec.ts), from the lines of seeded random games: each kind
 * of line once, as the store writes it, the most frequent last (zlib finds the end of a dictionary
 * cheapest). A dictionary once used to store lines must never change: a better one is a new file with the
 * next number, and the old one stays to read what it wrote.
 */
import { nextInt, seedRng } from '../games/kernel/rng.ts';
import { type AnyGame, getGame } from '../games/registry.ts';
import { encodeLines } from '../store/log-codec.ts';

const DICTIONARY_BYTES = 16_000;
const GAMES = 300;

async function main(type: string | undefined, optionSets: readonly string[]): Promise<void> {
  if (!type) throw new Error('usage: npx tsx src/tools/log-dictionary.ts <game> [options-json ...]');
  const extra = (optionSets.length > 0 ? optionSets : ['{}']).map((o) => JSON.parse(o) as object);
  await import(`../games/${type}/index.ts`);
  const module: AnyGame = getGame(type);
  const counts = new Map<string, number>();
  for (let g = 0; g < GAMES; g++) {
    const rng = seedRng(`dictionary-${g}`);
    const players = module.minPlayers + (g % (module.maxPlayers - module.minPlayers + 1));
    const options = module.parseOptions({ ...extra[g % extra.length], players });
    let state = module.setup(options, `dictionary-${g}`);
    for (let moves = 0; module.outcome(state) === null && moves < 2_000; moves++) {
      const waiting = module.waitingFor(state);
      const seat = waiting[nextInt(rng, waiting.length)] as number;
      const legal = module.legalActions(state, seat);
      const result = module.apply(state, seat, legal[nextInt(rng, legal.length)]);
      if (!result.ok) throw new Error(`a legal action was refused: ${result.error.code}`);
      state = result.state;
      // Each line alone, without its turn: the kinds of line, not the game's story.
      for (const line of result.log) {
        const written = encodeLines(type, [{ ...line, turn: undefined }], { plain: true });
        if (written) counts.set(written.slice(1, -1), (counts.get(written.slice(1, -1)) ?? 0) + 1);
      }
    }
  }
  const byUse = [...counts].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([text]) => text);
  let dictionary = '';
  for (let i = byUse.length - 1; i >= 0 && dictionary.length < DICTIONARY_BYTES; i--)
    dictionary = `${byUse[i]}${dictionary}`;
  process.stdout.write(dictionary.slice(-DICTIONARY_BYTES));
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
