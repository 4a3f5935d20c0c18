/**
 * Where every change to a tournament goes through, whoever asks (a slash command, a button): read it as
 * stored, catch up with what time alone did (registration closed at its instant), apply the event with the
 * pure core, and write it from the version read. Another write in between (a second click, another shard)
 * refuses the write; the event is decided again on the newer tournament, a few times at most. After each
 * write the tournament's message is redrawn from the tournament as stored then, one redraw at a time per
 * tournament, so an older state never overwrites a newer one. A write that stores a round plans, in its
 * transaction, the round's intent row (tournament-tables.ts): its games are made once it has committed; the
 * write that finishes it plans its podium's (tournament-podium.ts) the same way, and a write that cancels it
 * plans the row that cancels its games (tournament-cancel.ts).
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { gameTitle } from '../../i18n/command-localizations.ts';
import { languageOf } from '../../i18n/locales.ts';
import { LANGUAGES } from '../../i18n/messages.ts';
import type { PlannedRow } from '../../store/records.ts';
import type { Store } from '../../store/store.ts';
import { StaleTournamentError, type StoredTournament } from '../../store/tournament-records.ts';
import { applyEvent, type TournamentEvent } from '../../tournaments/events.ts';
import type { Tournament } from '../../tournaments/model.ts';
import type { Refusal } from '../../tournaments/refusal.ts';
import { tournamentMessage } from '../messages/tournament-message.ts';
import type { Publisher } from '../publisher.ts';
import { cancelRows } from './tournament-cancel.ts';
import { podiumRows } from './tournament-podium.ts';
import { type StandingsPictureDeps, standingsPictureOf } from './tournament-standings-picture.ts';
import { roundRows } from './tournament-tables.ts';

/** The intent rows a stored tournament needs: its round's games; a cancelled one's games cancelled. */
const intentRows = (t: Tournament, now: number): PlannedRow[] => [
  ...roundRows(t, now),
  ...cancelRows(t, now),
];

/** Writes refused for a newer version before the event gives up (each retry reads the newer one). */
const TRIES = 5;

export type DeskOutcome =
  | { readonly ok: true; readonly stored: StoredTournament; readonly changed: boolean }
  | { readonly ok: false; readonly refusal: Refusal | { readonly code: 'busy' } };

/** What time alone did to a tournament by `now`: registration closes at its instant. */
export function caughtUp(t: Tournament, now: number): Tournament {
  if (t.status !== 'registration' || now < t.settings.registrationClosesAt) return t;
  const closed = applyEvent(t, { type: 'close-registration', at: t.settings.registrationClosesAt });
  return closed.ok ? closed.value : t;
}

export interface DeskDeps extends StandingsPictureDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly clock: Clock;
  readonly log: Logger;
  /** The public language of a server's messages (its preferred locale's), by id. */
  readonly languageOf: (guildId: string) => string;
  /** A game's title in a language. */
  readonly titleOf: (game: string, language: string) => string;
  /** The line saying a tournament's game options (Valley's pool) in a language; null: the game has none. */
  readonly optionsOf?: (
    game: string,
    options: Readonly<Record<string, unknown>>,
    language: string,
  ) => string | null;
  /** Told of the schedule rows a write planned, once committed (the scheduler arms its timer). */
  readonly planned: (rows: readonly PlannedRow[]) => Promise<void>;
}

export class TournamentDesk {
  private readonly redraws = new Map<number, Promise<void>>();
  /** Redraws queued and not begun: a later change rides on them (they read the tournament when they run). */
  private readonly waiting = new Map<number, Promise<void>>();

  constructor(private readonly deps: DeskDeps) {}

  get store(): Store {
    return this.deps.store;
  }

  /**
   * Applies the events `decide` gives for the tournament as stored (caught up to now), with `plan`'s rows,
   * and redraws its message. A refusal writes nothing; the tournament's catching up alone is kept then too.
   */
  async act(
    id: number,
    decide: (t: Tournament, now: number) => readonly TournamentEvent[],
    plan: (t: Tournament, now: number) => readonly PlannedRow[] = intentRows,
  ): Promise<DeskOutcome> {
    for (let attempt = 0; attempt < TRIES; attempt++) {
      const stored = await this.store.tournaments.get(id);
      if (!stored) throw new Error(`no tournament #${id}`);
      const now = this.deps.clock.now();
      const before = caughtUp(stored.tournament, now);
      let next = before;
      let refusal: Refusal | null = null;
      for (const event of decide(before, now)) {
        const r = applyEvent(next, event);
        if (!r.ok) {
          refusal = r.refusal;
          break;
        }
        next = r.value;
      }
      const value = refusal ? before : next;
      try {
        const changed = value !== stored.tournament;
        const rows = refusal ? [] : [...plan(value, now), ...podiumRows(stored.tournament, value, now)];
        const saved = changed ? await this.store.tournaments.save(id, stored.version, value, rows) : stored;
        if (changed) {
          await this.deps.planned(rows);
          void this.redraw(id);
        }
        return refusal ? { ok: false, refusal } : { ok: true, stored: saved, changed };
      } catch (e) {
        if (!(e instanceof StaleTournamentError)) throw e;
      }
    }
    return { ok: false, refusal: { code: 'busy' } };
  }

  /** The message of the tournament as stored now. */
  messageOf(s: StoredTournament) {
    const language = this.deps.languageOf(s.guildId);
    const { game, gameOptions } = s.tournament.settings;
    const options = this.deps.optionsOf?.(game, gameOptions, language) ?? null;
    return tournamentMessage(s, this.deps.titleOf(game, language), language, options);
  }

  /** The message with its standings picture (once a result exists): what every redraw edits in. */
  async drawnMessageOf(s: StoredTournament) {
    const language = this.deps.languageOf(s.guildId);
    const { game, gameOptions } = s.tournament.settings;
    const title = this.deps.titleOf(game, language);
    let picture: Awaited<ReturnType<typeof standingsPictureOf>> = null;
    try {
      picture = await standingsPictureOf(this.deps, s.tournament, title, language);
    } catch (err) {
      // The text lists the standings too: a message without its picture beats a message left stale.
      this.deps.log.warn({ err, tournament: s.tournament.id }, 'could not draw the standings picture');
    }
    const options = this.deps.optionsOf?.(game, gameOptions, language) ?? null;
    return tournamentMessage(s, title, language, options, picture);
  }

  /** Redraws the tournament's message after those queued before; failures are logged, never thrown. */
  redraw(id: number): Promise<void> {
    const queued = this.waiting.get(id);
    if (queued) return queued;
    const previous = this.redraws.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      this.waiting.delete(id);
      try {
        const s = await this.store.tournaments.get(id);
        if (!s?.messageId) return;
        await this.deps.publisher.edit(s.channelId, s.messageId, await this.drawnMessageOf(s));
      } catch (err) {
        this.deps.log.warn({ err, tournament: id }, 'could not redraw a tournament message');
      }
    });
    this.waiting.set(id, next);
    this.redraws.set(id, next);
    void next.then(() => {
      if (this.redraws.get(id) === next) this.redraws.delete(id);
    });
    return next;
  }

  /** Every redraw queued so far has run (tests, a stop). */
  async idle(): Promise<void> {
    while (this.redraws.size > 0) await Promise.all([...this.redraws.values()]);
  }
}

/** The desk's language and titles from the Discord client's servers. */
export function deskLanguages(guildLocale: (guildId: string) => string | null | undefined) {
  return {
    languageOf: (guildId: string) => languageOf(guildLocale(guildId), LANGUAGES),
    titleOf: (game: string, language: string) => gameTitle(language, game, game),
  };
}
