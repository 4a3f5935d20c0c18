import { fullCatalog } from '../../games/valley/catalog.ts';
import {
  type CardPool,
  checkPool,
  MIN_CUSTOM_STOCK,
  poolCatalog,
  poolSchema,
  stockSize,
} from '../../games/valley/pools.ts';
import { t, type Values } from '../../i18n/messages.ts';
import {
  type LobbyChoice,
  type LobbyOptions,
  type LobbySelect,
  LobbySettingError,
  type LobbySettings,
} from '../lobby-settings.ts';
import { cardAction, cardName, setName } from './card-names.ts';

/** The options' pool, or the base box when absent or unreadable (the rules check it again at start). */
function poolOf(options: LobbyOptions): CardPool {
  const parsed = poolSchema.safeParse(options.pool);
  return parsed.success ? parsed.data : 'base';
}

const cardsIn = (pool: CardPool) => stockSize(poolCatalog(pool));

/** Every set and unique artifact of both boxes, as one menu of at most 25 choices. */
function cardChoices(pool: { sets: string[]; uniques: string[] }, language: string): LobbyChoice[] {
  const say = (key: string, values?: Values) => t(language, key, values);
  const boxName = (box: string | undefined) =>
    say(box === 'valley-afterlife' ? 'valley.lobby.box.afterlife' : 'valley.lobby.box.base');
  const sets = fullCatalog.sets.map((set) => {
    const cards = fullCatalog.cards.filter((c) => c.set === set.id);
    return {
      value: `set:${set.id}`,
      label: say('valley.lobby.set', { name: setName(set.id, language), size: set.size }),
      description: `${boxName(cards[0]?.box)} · ${cards.map((c) => cardName(c.id, language)).join(', ')}`,
      default: pool.sets.includes(set.id),
    };
  });
  const uniques = fullCatalog.cards
    .filter((c) => c.kind === 'unique')
    .map((c) => ({
      value: `unique:${c.id}`,
      label: say('valley.lobby.unique', { name: cardName(c.id, language) }),
      description: `${boxName(c.box)} · ${cardAction(c.id, language)}`,
      default: pool.uniques.includes(c.id),
    }));
  return [...sets, ...uniques];
}

/** The pool as players read it: Base, Base + Afterlife, or the custom pool's sets and uniques. */
export function localPoolLabel(pool: CardPool | undefined, language: string): string {
  if (pool === undefined || typeof pool === 'string') return t(language, `valley.pool.${pool ?? 'base'}`);
  const sets = fullCatalog.sets.filter((s) => pool.sets.includes(s.id)).map((s) => setName(s.id, language));
  const uniques = fullCatalog.cards
    .filter((c) => pool.uniques.includes(c.id))
    .map((c) => cardName(c.id, language));
  return t(language, 'valley.pool.custom-list', {
    sets: sets.join(', ') || t(language, 'valley.pool.no-sets'),
    uniques: uniques.length ? uniques.join(', ') : 'none',
  });
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
  lines(options, language) {
    const pool = poolOf(options);
    const random = options.firstSeat === undefined;
    return [
      t(language, 'valley.lobby.cards', { pool: localPoolLabel(pool, language), count: cardsIn(pool) }),
      t(language, random ? 'valley.lobby.first.random' : 'valley.lobby.first.host'),
    ];
  },
  summary(options, language) {
    const pool = poolOf(options);
    return t(language, 'valley.lobby.cards', { pool: localPoolLabel(pool, language), count: cardsIn(pool) });
  },
  controls(options, language) {
    const say = (key: string, values?: Values) => t(language, key, values);
    const pool = poolOf(options);
    const kind = typeof pool === 'string' ? pool : 'custom';
    const selects: LobbySelect[] = [
      {
        id: 'pool',
        placeholder: say('valley.lobby.pool.placeholder'),
        choices: [
          {
            value: 'base',
            label: say('valley.pool.base'),
            description: say('valley.lobby.pool.base', { count: cardsIn('base') }),
            default: kind === 'base',
          },
          {
            value: 'base-afterlife',
            label: say('valley.pool.base-afterlife'),
            description: say('valley.lobby.pool.base-afterlife', { count: cardsIn('base-afterlife') }),
            default: kind === 'base-afterlife',
          },
          {
            value: 'custom',
            label: say('valley.pool.custom'),
            description: say('valley.lobby.pool.custom', { least: MIN_CUSTOM_STOCK }),
            default: kind === 'custom',
          },
        ],
      },
    ];
    if (typeof pool !== 'string') {
      const choices = cardChoices(pool, language);
      selects.push({
        id: 'cards',
        placeholder: say('valley.lobby.cards.placeholder'),
        choices,
        pick: { min: 1, max: choices.length },
      });
    }
    return {
      selects,
      buttons: [
        options.firstSeat === undefined
          ? { id: 'first', label: say('valley.lobby.button.host-first'), value: 'host' }
          : { id: 'first', label: say('valley.lobby.button.random-first'), value: 'random' },
      ],
    };
  },
  choose(options, control, values, language) {
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
          t(language, 'valley.lobby.error.pool', { reason: e instanceof Error ? e.message : String(e) }),
        );
      }
      next.pool = pool;
      return next;
    }
    throw new LobbySettingError(t(language, 'error.old-control'));
  },
};
