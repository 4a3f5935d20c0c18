import type { AnyAdapter } from './game-adapter.ts';

/** The games a bot hosts, in the order commands list them; the first is the default where one is needed. */
export class AdapterSet {
  private readonly byType = new Map<string, AnyAdapter>();

  constructor(readonly list: readonly AnyAdapter[]) {
    if (list.length === 0) throw new Error('a bot needs at least one game');
    for (const a of list) {
      if (this.byType.has(a.game.id)) throw new Error(`game '${a.game.id}' has two adapters`);
      this.byType.set(a.game.id, a);
    }
    const commands = new Set<string>();
    for (const a of list) {
      if (commands.has(a.lobbyCommand.name))
        throw new Error(`two games open lobbies with /${a.lobbyCommand.name}`);
      commands.add(a.lobbyCommand.name);
    }
  }

  get default(): AnyAdapter {
    return this.list[0] as AnyAdapter;
  }

  /** The adapter of a stored game's type; a game type no adapter knows is a deployment error. */
  of(type: string): AnyAdapter {
    const a = this.byType.get(type);
    if (!a)
      throw new Error(`no adapter for game type '${type}' (hosted: ${[...this.byType.keys()].join(', ')})`);
    return a;
  }

  find(type: string): AnyAdapter | undefined {
    return this.byType.get(type);
  }
}
