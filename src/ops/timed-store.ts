/**
 * The store as the bot uses it, with every call timed by kind (`applyAction`, `schedule.due`,
 * `ratings.board`…) and every committed move counted. Timed at the `Store` contract (../store/store.ts),
 * so both backends are measured the same way and neither is touched: on SQLite a call is the statements'
 * own time (they run synchronously inside it), on PostgreSQL it includes waiting for a pooled connection
 * and the round trips — what the bot waits, which is what an operator needs to see.
 */
import type { Store, StoreAppliedAction } from '../store/store.ts';
import type { ScarabMetrics } from './metrics.ts';

/** The repositories beside the games (store.ts): their methods are timed as `<repository>.<method>`. */
const REPOSITORIES = new Set([
  'lobbies',
  'locations',
  'schedule',
  'players',
  'guilds',
  'absences',
  'ratings',
  'keyMoments',
]);
/** Not queries. */
const UNTIMED = new Set(['close', 'clearCache', 'constructor']);

type Method = (...args: unknown[]) => unknown;

export function timedStore(store: Store, metrics: ScarabMetrics): Store {
  const timed =
    (kind: string, method: Method, self: object) =>
    (...args: unknown[]) => {
      const stop = metrics.dbSeconds.startTimer({ kind });
      let result: unknown;
      try {
        result = method.apply(self, args);
      } catch (e) {
        stop();
        throw e;
      }
      if (!(result instanceof Promise)) {
        stop();
        return result;
      }
      return result.finally(stop);
    };
  /** A move committed, by its game and whether a computer's seat made it. */
  const counted =
    (apply: Store['applyAction']): Store['applyAction'] =>
    async (gameId, input) => {
      const applied: StoreAppliedAction = await apply(gameId, input);
      const seat = applied.game.seats[input.seat];
      metrics.moves.inc({ game: applied.game.type, seat: seat?.botKind ? 'computer' : 'person' });
      return applied;
    };
  /** What each wrapper wraps: a wrapper assigned back (a test restoring what it replaced) is unwrapped. */
  const originals = new WeakMap<object, unknown>();
  const wrap = <T extends object>(target: T, prefix: string): T => {
    /**
     * Each wrapper made once per value: the bot reads `store.schedule` and its methods on every tick. A
     * property assigned anew (a test holding a store call) is wrapped anew, so the proxy never hides it.
     */
    const cache = new Map<PropertyKey, { readonly value: unknown; readonly wrapped: unknown }>();
    return new Proxy(target, {
      // The target as `this`, never the proxy: a backend's getters may read its private fields.
      get(t, prop) {
        const value = Reflect.get(t, prop);
        if (typeof prop !== 'string' || UNTIMED.has(prop)) return value;
        const cached = cache.get(prop);
        if (cached && cached.value === value) return cached.wrapped;
        let wrapped: object;
        if (prefix === '' && REPOSITORIES.has(prop) && typeof value === 'object' && value !== null)
          wrapped = wrap(value, `${prop}.`);
        else if (prefix === '' && prop === 'applyAction')
          wrapped = counted(timed(prop, value as Method, t) as unknown as Store['applyAction']);
        else if (typeof value === 'function') wrapped = timed(`${prefix}${prop}`, value as Method, t);
        else return value;
        originals.set(wrapped, value);
        cache.set(prop, { value, wrapped });
        return wrapped;
      },
      set(t, prop, value) {
        const original =
          typeof value === 'object' || typeof value === 'function' ? originals.get(value) : undefined;
        return Reflect.set(t, prop, original ?? value);
      },
    });
  };
  return wrap(store, '');
}
