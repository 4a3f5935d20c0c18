import { rate } from 'openskill';
import { bradleyTerryFull } from 'openskill/models';
import { describe, expect, it } from 'vitest';
import { displayRating, INITIAL_SKILL } from '../../src/ratings/model.ts';
import { GLOBAL_SCOPE } from '../../src/ratings/scopes.ts';
import { computer, person, playVerdict, ratingStore, startVerdict } from './helpers.ts';

const V = { gameType: 'verdict', scope: 'g1' };
const fresh = () => ({ mu: INITIAL_SKILL.mu, sigma: INITIAL_SKILL.sigma });

/** What openskill itself says for newcomers finishing at these places (with the model Scarab uses). */
function expected(ranks: number[]) {
  return rate(
    ranks.map(() => [fresh()]),
    { rank: ranks, model: bradleyTerryFull },
  ).map((team) => team[0]);
}

describe('rating updates', () => {
  it('2 players: the winner gains what the loser loses, both become surer; server and global alike', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [person(1), person(2)], ranks: [2, 1] });
    const [loser, winner] = expected([2, 1]);
    const u1 = store.ratings.standing(V, 'u1');
    const u2 = store.ratings.standing(V, 'u2');
    expect(u1?.skill).toEqual(loser);
    expect(u2?.skill).toEqual(winner);
    expect(u2!.skill.mu - 25).toBeCloseTo(25 - u1!.skill.mu, 10);
    expect(u1!.skill.sigma).toBeLessThan(INITIAL_SKILL.sigma);
    expect(u2).toMatchObject({ place: 1, games: 1, wins: 1, players: 2, displayName: 'User 2' });
    expect(u1).toMatchObject({ place: 2, games: 1, wins: 0 });
    expect(u2!.display).toBe(displayRating(u2!.skill));
    expect(u2!.display).toBeCloseTo(u2!.skill.mu - 3 * u2!.skill.sigma, 12);
    expect(store.ratings.standing({ ...V, scope: GLOBAL_SCOPE }, 'u2')?.skill).toEqual(winner);
  });

  it('3 players: places order the new means, and match openskill', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [person(1), person(2), person(3)], ranks: [2, 3, 1] });
    const skills = [1, 2, 3].map((n) => store.ratings.standing(V, `u${n}`)!.skill);
    expect(skills).toEqual(expected([2, 3, 1]));
    const [second, third, first] = skills.map((s) => s.mu) as [number, number, number];
    expect(first).toBeGreaterThan(second);
    expect(second).toBeGreaterThan(third);
    expect(store.ratings.board(V, 1).rows.map((r) => r.userId)).toEqual(['u3', 'u1', 'u2']);
  });

  it('4 players: each place is worth more than the next', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [1, 2, 3, 4].map(person), ranks: [4, 1, 3, 2] });
    const mus = [1, 2, 3, 4].map((n) => store.ratings.standing(V, `u${n}`)!.skill.mu);
    expect(mus).toEqual(expected([4, 1, 3, 2]).map((s) => s?.mu));
    expect(mus[1]).toBeGreaterThan(mus[3]!);
    expect(mus[3]).toBeGreaterThan(mus[2]!);
    expect(mus[2]).toBeGreaterThan(mus[0]!);
    expect(store.ratings.board(V, 1).rows.map((r) => [r.userId, r.place])).toEqual([
      ['u2', 1],
      ['u4', 2],
      ['u3', 3],
      ['u1', 4],
    ]);
  });

  it('ties: a shared place gives equal ratings, both count a win, and they share a place on the board', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [1, 2, 3, 4].map(person), ranks: [1, 3, 1, 4] });
    const s = [1, 2, 3, 4].map((n) => store.ratings.standing(V, `u${n}`)!);
    expect(s[0]!.skill).toEqual(s[2]!.skill);
    expect(s.map((x) => x.skill)).toEqual(expected([1, 3, 1, 4]));
    // Shared first beats third beats fourth (Plackett-Luce would give third as much as the winners).
    expect(s[0]!.skill.mu).toBeGreaterThan(s[1]!.skill.mu);
    expect(s[1]!.skill.mu).toBeGreaterThan(s[3]!.skill.mu);
    // And sharing a win is worth less than winning alone.
    const { store: alone } = ratingStore();
    playVerdict(alone, { seats: [1, 2, 3, 4].map(person), ranks: [1, 2, 3, 4] });
    expect(alone.ratings.standing(V, 'u1')!.skill.mu).toBeGreaterThan(s[0]!.skill.mu);
    expect(s.map((x) => x.wins)).toEqual([1, 0, 1, 0]);
    expect(s.map((x) => x.place)).toEqual([1, 3, 1, 4]);
    // A two-way draw moves nobody's mean.
    const { store: other } = ratingStore();
    playVerdict(other, { seats: [person(1), person(2)], ranks: [1, 1] });
    expect(other.ratings.standing(V, 'u1')!.skill.mu).toBeCloseTo(25, 12);
    expect(other.ratings.standing(V, 'u1')!.skill).toEqual(other.ratings.standing(V, 'u2')!.skill);
  });

  it('ratings carry over: a second game starts from the first one’s result', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [person(1), person(2)], ranks: [1, 2] });
    const after1 = store.ratings.standing(V, 'u1')!.skill;
    playVerdict(store, { seats: [person(2), person(1)], ranks: [1, 2] });
    const history = store.ratings.history(V, 'u1');
    expect(history).toHaveLength(2);
    expect(history[1]!.before).toEqual(after1);
    expect(store.ratings.standing(V, 'u1')).toMatchObject({ games: 2, wins: 1, skill: history[1]!.after });
  });

  it('computer seats are not rated and do not rate: people are compared among themselves', () => {
    const { store } = ratingStore();
    // The host chose rated; the computers took 1st and 3rd, the people 2nd and 4th.
    const game = playVerdict(store, {
      seats: [person(1), computer('Khufu'), person(2), computer('Tiye')],
      ranks: [4, 1, 2, 3],
      rated: true,
    });
    expect(game.rated).toBe(true);
    const [lower, higher] = expected([2, 1]);
    expect(store.ratings.standing(V, 'u1')?.skill).toEqual(lower);
    expect(store.ratings.standing(V, 'u2')?.skill).toEqual(higher);
    // Nobody won: a computer took first place.
    expect(store.ratings.standing(V, 'u2')?.wins).toBe(0);
    expect(store.ratings.board(V, 1).players).toBe(2);
    expect(store.ratings.changesOfGame(game.id, 'g1').map((c) => [c.userId, c.seat, c.rank])).toEqual([
      ['u1', 0, 4],
      ['u2', 2, 2],
    ]);
  });

  it('computer seats make a game casual unless the host chose rated; one person is never rated', () => {
    const { store } = ratingStore();
    const automatic = playVerdict(store, { seats: [person(1), person(2), computer()], ranks: [1, 2, 3] });
    expect(automatic.rated).toBe(false);
    const alone = playVerdict(store, { seats: [person(1), computer()], ranks: [1, 2], rated: true });
    expect(alone.rated).toBe(false);
    expect(store.ratings.snapshot()).toEqual({ ratings: [], changes: [] });
    const human = playVerdict(store, { seats: [person(1), person(2)], ranks: [1, 2] });
    expect(human.rated).toBe(true);
    expect(store.ratings.board(V, 1).players).toBe(2);
  });

  it('casual games, cancelled games and games with a seat handed over are not rated', () => {
    const { store } = ratingStore();
    const casual = playVerdict(store, { seats: [person(1), person(2)], ranks: [1, 2], rated: false });
    expect(casual).toMatchObject({ status: 'finished', rated: false });

    const cancelled = startVerdict(store, { seats: [person(1), person(2)] });
    store.cancelGame(cancelled);

    const abandoned = startVerdict(store, { seats: [person(1), person(2), person(3)] });
    store.lobbies.replaceSeat(abandoned, 2, computer());
    expect(store.getGame(abandoned).handedOver).toBe(true);
    store.applyAction(abandoned, { seat: 0, action: { ranks: [1, 2, 3] }, expectedVersion: 0 });
    expect(store.getGame(abandoned).status).toBe('finished');

    expect(store.ratings.snapshot()).toEqual({ ratings: [], changes: [] });
    // Recomputing agrees.
    store.ratings.recompute();
    expect(store.ratings.snapshot()).toEqual({ ratings: [], changes: [] });
  });

  it('a seat changing hands in the lobby, or a computer replacing a computer, keeps the game rated', () => {
    const { store } = ratingStore();
    const lobby = store.lobbies.create({
      type: 'verdict',
      guildId: 'g1',
      seats: [person(1), person(2), person(3)],
    });
    store.lobbies.replaceSeat(lobby.id, 2, person(4));
    store.startGame(lobby.id);
    expect(store.getGame(lobby.id)).toMatchObject({ rated: true, handedOver: false });

    const mixed = startVerdict(store, { seats: [person(5), person(6), computer('Khufu')], rated: true });
    store.lobbies.replaceSeat(mixed, 2, computer('Tiye'));
    store.applyAction(mixed, { seat: 0, action: { ranks: [1, 2, 3] }, expectedVersion: 0 });
    expect(store.getGame(mixed)).toMatchObject({ status: 'finished', handedOver: false });
    expect(store.ratings.standing(V, 'u5')?.games).toBe(1);
  });

  it('keeps each server apart and counts every server in the global scope', () => {
    const { store } = ratingStore();
    playVerdict(store, { seats: [person(1), person(2)], ranks: [1, 2], guildId: 'g1' });
    playVerdict(store, { seats: [person(1), person(3)], ranks: [2, 1], guildId: 'g2' });
    playVerdict(store, { seats: [person(2), person(3)], ranks: [1, 2], guildId: null });
    const g1 = store.ratings.board({ gameType: 'verdict', scope: 'g1' }, 1);
    const g2 = store.ratings.board({ gameType: 'verdict', scope: 'g2' }, 1);
    const all = store.ratings.board({ gameType: 'verdict', scope: GLOBAL_SCOPE }, 1);
    expect(g1.rows.map((r) => [r.userId, r.games])).toEqual([
      ['u1', 1],
      ['u2', 1],
    ]);
    expect(g2.rows.map((r) => [r.userId, r.games])).toEqual([
      ['u3', 1],
      ['u1', 1],
    ]);
    expect(all.rows.map((r) => r.games).sort()).toEqual([2, 2, 2]);
    // In g1, u1 is fresh from one win; globally, u1 also lost in g2.
    const local = store.ratings.standing({ gameType: 'verdict', scope: 'g1' }, 'u1')!;
    const global = store.ratings.standing({ gameType: 'verdict', scope: GLOBAL_SCOPE }, 'u1')!;
    expect(local.skill.mu).toBeGreaterThan(global.skill.mu);
    // Game types are kept apart too.
    expect(store.ratings.board({ gameType: 'dice-race', scope: GLOBAL_SCOPE }, 1).players).toBe(0);
  });

  it('pages a board best first, clamping a page past the end', () => {
    const { store } = ratingStore();
    // u1 beats u2 beats ... : 12 players in a chain of 2-player games.
    for (let n = 1; n < 12; n++) playVerdict(store, { seats: [person(n), person(n + 1)], ranks: [1, 2] });
    const page1 = store.ratings.board(V, 1, 5);
    const page3 = store.ratings.board(V, 3, 5);
    expect(page1).toMatchObject({ page: 1, pages: 3, players: 12 });
    expect(page3.rows).toHaveLength(2);
    const all = [1, 2, 3].flatMap((p) => store.ratings.board(V, p, 5).rows);
    expect(new Set(all.map((r) => r.userId)).size).toBe(12);
    const shown = all.map((r) => r.display);
    expect([...shown].sort((a, b) => b - a)).toEqual(shown);
    expect(all.map((r) => r.place)).toEqual(all.map((_, k) => k + 1));
    expect(store.ratings.board(V, 99, 5).page).toBe(3);
    expect(store.ratings.board({ gameType: 'verdict', scope: 'nowhere' }, 1)).toEqual({
      rows: [],
      page: 1,
      pages: 1,
      players: 0,
    });
  });

  it('a game is rated once: rating it again is a bug, and refused', () => {
    const { store } = ratingStore();
    const game = playVerdict(store, { seats: [person(1), person(2)], ranks: [1, 2] });
    expect(() => store.ratings.gameFinished(game)).toThrow(/already rated/);
  });
});
