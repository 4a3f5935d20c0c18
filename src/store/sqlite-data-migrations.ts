import type BetterSqlite3 from 'better-sqlite3';
import { rewriteNote, rewrittenGame, STATE_REWRITES, type StoredGame } from './data-migrations.ts';
import type { LoggedAction } from './replay.ts';

const PAGE = 200;

/**
 * The pending state rewrites (data-migrations.ts) on a SQLite database, in one transaction with their
 * record, so a crash leaves either every game rewritten and recorded or nothing. Returns the problems
 * (games left as they were), for the caller to report.
 */
export function runSqliteDataMigrations(sqlite: BetterSqlite3.Database, now: () => number): string[] {
  // A database from before the record (migrated by a test of older schemas) has nothing to do yet.
  if (!sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'data_migrations'").get())
    return [];
  const done = new Set(
    (sqlite.prepare('select name from data_migrations').all() as { name: string }[]).map((r) => r.name),
  );
  const pending = STATE_REWRITES.filter((m) => !done.has(m.name));
  if (pending.length === 0) return [];
  const page = sqlite.prepare(
    'select id, type, status, options, seed, version, state from games where state is not null and id > ? order by id limit ?',
  );
  const log = sqlite.prepare('select seq, seat, action from actions where game_id = ? order by seq');
  const write = sqlite.prepare('update games set state = ?, outcome = ? where id = ?');
  const writeLog = sqlite.prepare('update actions set log = ? where game_id = ? and seq = ?');
  const writePart = sqlite.prepare(
    'insert into state_parts (hash, json) values (?, ?) on conflict do nothing',
  );
  const record = sqlite.prepare('insert into data_migrations (name, done_at, note) values (?, ?, ?)');
  const problems: string[] = [];
  sqlite
    .transaction(() => {
      let rewritten = 0;
      for (let after = 0; ; ) {
        const games = page.all(after, PAGE) as StoredGame[];
        if (games.length === 0) break;
        for (const game of games) {
          const result = rewrittenGame(game, log.all(game.id) as LoggedAction[]);
          if (!result.ok) problems.push(result.problem);
          else {
            for (const part of result.parts) writePart.run(part.hash, part.json);
            write.run(result.state, result.outcome, game.id);
            for (const [i, log] of result.logs.entries()) writeLog.run(log, game.id, i + 1);
            rewritten++;
          }
        }
        after = games.at(-1)?.id ?? after;
      }
      const note = rewriteNote(rewritten, problems);
      for (const m of pending) record.run(m.name, now(), note);
    })
    .immediate();
  return problems;
}
