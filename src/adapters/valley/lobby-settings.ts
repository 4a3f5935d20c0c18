import { fullCatalog } from '../../games/valley/catalog.ts';
import {
  type CardPool,
  checkPool,
  MIN_CUSTOM_STOCK,
  POOL_NAMES,
  poolCatalog,
  poolLabel,
  poolSchema,
  stockSize,
} from '../../games/valley/pools.ts';
import {
  type LobbyChoice,
  type LobbyOptions,
  type LobbySelect,
  LobbySettingError,
  type LobbySettings,
} from '../lobby-settings.ts';

/** The options' pool, or the base box when absent or unreadable (the rules check it again at start). */
function poolOf(options: LobbyOptions): CardPool {
  const parsed = poolSchema.safeParse(options.pool);
  return parsed.success ? parsed.data : 'base';
}

const cardsIn = (pool: CardPool) => stockSize(poolCatalog(pool));

/** Every set and unique artifact of both boxes, as one menu of at most 25 choices. */
function cardChoices(pool: { sets: string[]; uniques: string[] }): LobbyChoice[] {
  const boxName = (box: string | undefined) => (box === 'valley-afterlife' ? 'Afterlife' : 'Base');
  const sets = fullCatalog.sets.map((set) => {
    const cards = fullCatalog.cards.filter((c) => c.set === set.id);
    return {
      value: `set:${set.id}`,
      label: `${set.name} (set of ${set.size})`,
      description: `${boxName(cards[0]?.box)} · ${cards.map((c) => c.name).join(', ')}`,
      default: pool.sets.includes(set.id),
    };
  });
  const uniques = fullCatalog.cards
    .filter((c) => c.kind === 'unique')
    .map((c) => ({
      value: `unique:${c.id}`,
      label: `${c.name} (unique)`,
      description: `${boxName(c.box)} · ${c.action}`,
      default: pool.uniques.includes(c.id),
    }));
  return [...sets, ...uniques];
}

function contents(pool: CardPool): { sets: string[]; uniques: string[] } {
  if (typeof pool !== 'string') return pool;
  const catalog = poolCatalog(pool);
  return {
    sets: catalog.sets.map((s) => s.id),
    uniques: catalog.cards.filter((c) => c.kind === 'unique').map((c) => c.id),
  };
}

/** Valley's lobby: the card pool (Base, Base + Afterlife, or sets and uniques picked by hand) and the first player. */
export const valleyLobbySettings: LobbySettings = {
  lines(options) {
    const pool = poolOf(options);
    const random = options.firstSeat === undefined;
    return [
      `🃏 Cards: ${poolLabel(pool)} (${cardsIn(pool)} cards beside the starters; numbers marked provisional are Scarab's choice).`,
      random
        ? '🔀 First player: drawn at random when the game starts (Premium Edition rule); then seat order.'
        : '🔀 First player: the host (seat 1); then seat order.',
    ];
  },
  controls(options) {
    const pool = poolOf(options);
    const kind = typeof pool === 'string' ? pool : 'custom';
    const selects: LobbySelect[] = [
      {
        id: 'pool',
        placeholder: 'Card pool (host)…',
        choices: [
          {
            value: 'base',
            label: POOL_NAMES.base,
            description: `The base box: ${cardsIn('base')} cards`,
            default: kind === 'base',
          },
          {
            value: 'base-afterlife',
            label: POOL_NAMES['base-afterlife'],
            description: `Both boxes, the 15 known Afterlife cards mixed in: ${cardsIn('base-afterlife')} cards`,
            default: kind === 'base-afterlife',
          },
          {
            value: 'custom',
            label: POOL_NAMES.custom,
            description: `Pick sets and unique artifacts from both boxes (at least ${MIN_CUSTOM_STOCK} cards)`,
            default: kind === 'custom',
          },
        ],
      },
    ];
    if (typeof pool !== 'string') {
      const choices = cardChoices(pool);
      selects.push({
        id: 'cards',
        placeholder: 'Sets and unique artifacts in the custom pool (host)…',
        choices,
        pick: { min: 1, max: choices.length },
      });
    }
    return {
      selects,
      buttons: [
        options.firstSeat === undefined
          ? { id: 'first', label: 'Host plays first', value: 'host' }
          : { id: 'first', label: 'Random first player', value: 'random' },
      ],
    };
  },
  choose(options, control, values) {
    const next: Record<string, unknown> = { ...options };
    const value = values[0];
    if (control === 'first' && (value === 'host' || value === 'random')) {
      if (value === 'host') next.firstSeat = 0;
      else delete next.firstSeat;
      return next;
    }
    if (control === 'pool' && (value === 'base' || value === 'base-afterlife' || value === 'custom')) {
      // A custom pool starts from the cards chosen so far, so the host only adds or removes.
      if (value === 'custom') next.pool = contents(poolOf(options));
      else if (value === 'base') delete next.pool;
      else next.pool = value;
      return next;
    }
    if (control === 'cards' && values.length > 0) {
      const pool = {
        sets: values.filter((v) => v.startsWith('set:')).map((v) => v.slice(4)),
        uniques: values.filter((v) => v.startsWith('unique:')).map((v) => v.slice(7)),
      };
      try {
        checkPool(pool);
      } catch (e) {
        throw new LobbySettingError(
          `That pool cannot be played: ${e instanceof Error ? e.message : String(e)}.`,
        );
      }
      next.pool = pool;
      return next;
    }
    throw new LobbySettingError('This menu belongs to an older version of Scarab.');
  },
};
