/**
 * Every kept version of one card catalog (assets/cards/history, listed by the game's generated
 * catalog-history.ts) and which of them is today's file. A game's options pin the versions it is dealt
 * with, so an edit of a catalog applies to new games only: an old game replays with the numbers it was
 * dealt, forever. Versions are parsed the first time a game asks for them.
 */
export interface CatalogPin {
  /** The catalog's file in assets/cards, without `.json`: `valley-base`. */
  readonly name: string;
  /** The version the game is dealt with. */
  readonly version: string;
  /** Today's version of that file (null: today's file is not kept, see `current`). */
  readonly current: string | null;
}

/** `valley-base@46838385fd2e`. */
export const pinName = (name: string, version: string): string => `${name}@${version}`;

/**
 * "dealt with catalog valley-base@46838385fd2e, current is 0f1e…": the pins whose version is not today's,
 * or null when every catalog the game was dealt with is today's.
 */
export function pinsNote(pins: readonly CatalogPin[]): string | null {
  const older = pins.filter((p) => p.version !== p.current);
  if (older.length === 0) return null;
  return older
    .map((p) => `dealt with catalog ${pinName(p.name, p.version)}, current is ${p.current ?? 'not kept'}`)
    .join('; ');
}

export class CatalogBook<C> {
  private readonly raws = new Map<string, unknown>();
  private readonly parsed = new Map<string, C>();
  private today: string | null;

  constructor(
    readonly name: string,
    kept: readonly { readonly version: string; readonly raw: unknown }[],
    /** Today's file, as the rules import it. */
    currentRaw: unknown,
    private readonly parse: (raw: unknown) => C,
    /**
     * The version games stored before pins existed are dealt with when their state names no other (the
     * file as it was when pins were introduced); it never changes, whatever the files become.
     */
    readonly unpinned: string,
  ) {
    for (const k of kept) this.raws.set(k.version, k.raw);
    const text = JSON.stringify(currentRaw);
    this.today = kept.find((k) => JSON.stringify(k.raw) === text)?.version ?? null;
    if (!this.raws.has(unpinned))
      throw new Error(`${name}: the version of unpinned games ${unpinned} is not kept`);
  }

  /**
   * Today's version, the one a new game is pinned to. Throws when today's file has no kept copy: a game
   * dealt with it could not be replayed after the next edit.
   */
  get current(): string {
    if (this.today === null)
      throw new Error(
        `assets/cards/${this.name}.json was edited but its version is not kept: run \`npx tsx src/tools/keep-catalogs.ts\` (it copies the file to assets/cards/history and lists it for the rules)`,
      );
    return this.today;
  }

  /** Today's version, or null when today's file is not kept. */
  get currentOrNull(): string | null {
    return this.today;
  }

  has(version: string): boolean {
    return this.raws.has(version);
  }

  /** Every kept version, oldest first. */
  versions(): string[] {
    return [...this.raws.keys()];
  }

  /**
   * The versions a game without a pin may have been dealt with: those shipped before pins existed, the
   * unpinned one first, then newest first. Fixed for good: every later version deals pinned games only.
   */
  unpinnedCandidates(): string[] {
    const all = this.versions();
    const before = all.slice(0, all.indexOf(this.unpinned) + 1);
    return [this.unpinned, ...before.reverse().filter((v) => v !== this.unpinned)];
  }

  /** The catalog of a kept version; throws naming it when it is not kept here. */
  get(version: string): C {
    const known = this.parsed.get(version);
    if (known) return known;
    const raw = this.raws.get(version);
    if (raw === undefined) throw new Error(this.unknown(version));
    const catalog = this.parse(raw);
    this.parsed.set(version, catalog);
    return catalog;
  }

  /** Why a pin naming `version` cannot be dealt here. */
  unknown(version: string): string {
    return `the card catalog ${pinName(this.name, version)} is not kept here (assets/cards/history): the game was dealt by another copy of Scarab, or that version was never kept`;
  }

  /**
   * For tests: as if the file had been edited to `raw` and kept as `version` (a new game is pinned to it);
   * returns the function that puts today's file back.
   */
  simulateEdit(version: string, raw: unknown): () => void {
    const before = this.today;
    const added = !this.raws.has(version);
    this.raws.set(version, raw);
    this.parsed.delete(version);
    this.today = version;
    return () => {
      this.today = before;
      if (added) this.raws.delete(version);
      this.parsed.delete(version);
    };
  }
}
