import type pg from 'pg';
import { rewriteNote, rewrittenGame, STATE_REWRITES, type StoredGame } from './data-migrations.ts';
import type { LoggedAction } from './replay.ts';

const PAGE = 200;

/**
 * The pending state rewrites (data-migrations.ts) on PostgreSQL, in one transaction with their record. The
 * caller holds the migrations' advisory lock, so of several shards starting together one rewrites and the
 * others find it recorded. Returns the problems (games left as they were), for the caller to report.
 */
export async function runPgDataMigrations(client: pg.PoolClient): Promise<string[]> {
  const exists = await client.query("select to_regclass('data_migrations') as t");
  if (exists.rows[0]?.t === null) return [];
  const done = new Set((await client.query('select name from data_migrations')).rows.map((r) => r.name));
  const pending = STATE_REWRITES.filter((m) => !done.has(m.name));
  if (pending.length === 0) return [];
  const problems: string[] = [];
  await client.query('begin');
  try {
    let rewritten = 0;
    for (let after = 0; ; ) {
      const games = (
        await client.query(
          'select id, type, status, options, seed, version, state from games where state is not null and id > $1 order by id limit $2',
          [after, PAGE],
        )
      ).rows as StoredGame[];
      if (games.length === 0) break;
      for (const game of games) {
        const log = (
          await client.query('select seq, seat, action from actions where game_id = $1 order by seq', [
            game.id,
          ])
        ).rows as LoggedAction[];
        const result = rewrittenGame(game, log);
        if (!result.ok) problems.push(result.problem);
        else {
          for (const part of result.parts)
            await client.query(
              'insert into state_parts (hash, json) values ($1, $2) on conflict do nothing',
              [part.hash, part.json],
            );
          await client.query('update games set state = $1, outcome = $2 where id = $3', [
            result.state,
            result.outcome,
            game.id,
          ]);
          // One statement per game: a row per action would be a round trip each.
          await client.query(
            'update actions set log = v.log from unnest($2::int[], $3::text[]) as v(seq, log) where actions.game_id = $1 and actions.seq = v.seq',
            [game.id, result.logs.map((_, i) => i + 1), result.logs],
          );
          rewritten++;
        }
      }
      after = games.at(-1)?.id ?? after;
    }
    const note = rewriteNote(rewritten, problems);
    for (const m of pending)
      await client.query('insert into data_migrations (name, done_at, note) values ($1, now(), $2)', [
        m.name,
        note,
      ]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return problems;
}
