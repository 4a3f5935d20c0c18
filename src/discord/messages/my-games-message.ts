import { commandList } from '../../i18n/command-localizations.ts';
import { t } from '../../i18n/messages.ts';
import { clip, emptyPayload, type Payload } from '../../table-kit/payload.ts';
import { maskedLink } from '../message-links.ts';
import { plainName } from './plain-name.ts';

/** One game the reader is seated in, as `/mygames` and the boards' "My games" button list it. */
export interface MyGameEntry {
  readonly gameId: number;
  /** The game's title, e.g. "Valley of the Kings". */
  readonly title: string;
  readonly status: 'lobby' | 'active';
  /**
   * Its current board message (`https://discord.com/channels/<guild>/<channel>/<message>`), when known:
   * the game's name links there.
   */
  readonly link: string | null;
  /** Its channel as a mention ('' if none), said only when there is no board to link. */
  readonly where: string;
  /** Whether the game waits for one of the reader's own seats. */
  readonly yourTurn: boolean;
  /** Names of the others it waits for, as everyone at the table may know them (unused when `yourTurn`). */
  readonly waitingFor: readonly string[];
  /** Since when it has been waiting (ms since the epoch). */
  readonly since: number;
}

/** Lines at most; the rest is counted ("…and 3 more"). */
export const MY_GAMES_LINES = 25;
const LIMIT = 2000;

/** A Discord timestamp: every reader sees it in their own time zone, so nobody's zone is told. */
const relative = (ms: number) => `<t:${Math.floor(ms / 1000)}:R>`;

function rank(e: MyGameEntry): number {
  if (e.status === 'lobby') return 2;
  return e.yourTurn ? 0 : 1;
}

/** Their own turns first, then the others' games, then lobbies; each group longest waiting first. */
export function sortMyGames(entries: readonly MyGameEntry[]): MyGameEntry[] {
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.since - b.since || a.gameId - b.gameId);
}

function line(e: MyGameEntry, language: string): string {
  const name = t(language, 'mygames.game', { title: e.title, id: String(e.gameId) });
  // The name is the link, as a reader expects; a bare link would add a second name (or an address).
  const game = e.link ? maskedLink(name, e.link) : name;
  const values = { game, since: relative(e.since), where: !e.link && e.where ? ` · ${e.where}` : '' };
  if (e.status === 'lobby') return t(language, 'mygames.lobby', values);
  if (e.yourTurn) return t(language, 'mygames.your-turn', values);
  const who =
    e.waitingFor.length > 0
      ? new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(e.waitingFor.map(plainName))
      : t(language, 'mygames.the-others');
  return t(language, 'mygames.waiting', { ...values, who });
}

/**
 * `/mygames` (and the boards' "My games" button): every game the reader is seated in, in every
 * server, private to them. `start` names the commands that open a lobby.
 */
export function myGamesMessage(
  entries: readonly MyGameEntry[],
  start: readonly string[],
  language = 'en',
): Payload {
  if (entries.length === 0)
    return emptyPayload(t(language, 'mygames.none', { commands: commandList(language, start) }));
  const sorted = sortMyGames(entries);
  const mine = sorted.filter((e) => e.status === 'active' && e.yourTurn).length;
  const heading = t(language, 'mygames.heading', { count: sorted.length, mine });
  const more = (n: number) => t(language, 'mygames.more', { count: n });
  const lines = [heading];
  let length = heading.length;
  let shown = 0;
  for (const e of sorted) {
    if (shown === MY_GAMES_LINES) break;
    const next = line(e, language);
    const left = sorted.length - shown - 1;
    // Room for this line and, if any are left after it, for the count of the rest.
    const needed = length + 1 + next.length + (left > 0 ? 1 + more(left).length : 0);
    if (needed > LIMIT) break;
    lines.push(next);
    length += 1 + next.length;
    shown++;
  }
  if (shown < sorted.length) lines.push(more(sorted.length - shown));
  return emptyPayload(clip(lines.join('\n'), LIMIT));
}
