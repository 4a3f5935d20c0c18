import { refuse } from '../kernel/errors.ts';
import { collecting } from '../kernel/log.ts';
import type { MessageValues } from '../kernel/message.ts';
import { nextInt } from '../kernel/rng.ts';
import type { Seat } from '../kernel/types.ts';
import { CHAMBERS, type Chamber, TREASURES, type Treasure } from './catalog.ts';
import {
  chamberOf,
  countsMessage,
  say as message,
  moneyText,
  oneOf,
  seatOf,
  treasureOf,
  treasuresOf,
} from './messages.ts';
import type { ArchaeologyAction, ArchaeologyState, Counts, Instance } from './state.ts';
import {
  countsOf,
  log,
  maxSet,
  normalise,
  removeCounts,
  setValue,
  tally,
  total,
  tradeValue,
} from './zones.ts';

export function mapsNeeded(chamber: Chamber): number {
  return CHAMBERS.indexOf(chamber) + 1;
}

/** Every player's hand is empty once the dig site is: "then the game is over". */
function gameOver(s: ArchaeologyState): boolean {
  return s.dig.length === 0 && s.hands.every((h) => h.length === 0);
}

function checkEnd(s: ArchaeologyState): boolean {
  if (!gameOver(s)) return false;
  s.finished = true;
  s.pending = null;
  if (collecting()) log(s, message('log.over'));
  return true;
}

/** The start of `s.turn.seat`'s turn: dig, unless the dig site is empty. */
export function beginTurn(s: ArchaeologyState): void {
  const seat = s.turn.seat;
  // "If all players pass in sequence, then the first player who passed must sell at least 1 of his
  // cards to the museum when play returns to him."
  if (s.passes && s.passes.first === seat) {
    s.turn.mustSell = true;
    s.passes = null;
    if (collecting()) log(s, message('log.must-sell', { seat: seatOf(seat) }));
  }
  dig(s);
  // The last card dug may be a thief or a sandstorm that changes nothing, with every hand empty.
  checkEnd(s);
}

/** Draws the top card of the dig site for the player to move and resolves it. */
function dig(s: ArchaeologyState): void {
  const seat = s.turn.seat;
  const card = s.dig.pop();
  if (card === undefined) return;
  s.turn.dug = true;
  const kind = s.cards[card];
  if (kind === 'thief') {
    s.thieves.push(card);
    const targets = opponents(s, seat).filter((o) => (s.hands[o]?.length ?? 0) > 0);
    if (collecting())
      log(
        s,
        message('log.thief', { seat: seatOf(seat), drawn: s.thieves.length, total: countKind(s, 'thief') }),
      );
    if (targets.length === 0) {
      if (collecting()) log(s, message('log.thief-nothing'));
    } else if (targets.length === 1) steal(s, seat, targets[0] as Seat);
    else s.pending = { type: 'thief', id: ++s.decisionSeq, seat, targets };
    return;
  }
  if (kind === 'sandstorm') {
    s.sandstorms.push(card);
    const owed = s.hands.map((h) => Math.floor(h.length / 2));
    if (collecting())
      log(
        s,
        message('log.sandstorm', {
          seat: seatOf(seat),
          drawn: s.sandstorms.length,
          total: s.sandstorms.length + countIn(s, s.dig, 'sandstorm'),
        }),
      );
    if (owed.every((n) => n === 0)) {
      afterSandstorm(s, seat);
      return;
    }
    s.pending = { type: 'sandstorm', id: ++s.decisionSeq, drawer: seat, owed, aside: s.hands.map(() => []) };
    return;
  }
  s.hands[seat]?.push(card);
  if (collecting()) log(s, message('log.treasure', { seat: seatOf(seat) }));
  if (collecting()) log(s, message('log.you-dug', { what: oneOf(kind as Treasure) }), [seat]);
}

function countKind(s: ArchaeologyState, kind: string): number {
  return s.cards.filter((k) => k === kind).length;
}

function countIn(s: ArchaeologyState, zone: readonly Instance[], kind: string): number {
  let n = 0;
  for (const c of zone) if (s.cards[c] === kind) n++;
  return n;
}

export function opponents(s: ArchaeologyState, seat: Seat): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < s.hands.length; i++) out.push((seat + i) % s.hands.length);
  return out;
}

/** "He then takes one card from that player's hand without looking at what it is." */
function steal(s: ArchaeologyState, thief: Seat, from: Seat): void {
  const hand = s.hands[from] as Instance[];
  const [card] = hand.splice(nextInt(s.rng, hand.length), 1) as [Instance];
  s.hands[thief]?.push(card);
  const what = s.cards[card] as Treasure;
  // Everyone sees that a card changed hands; only the two players involved learn which.
  if (collecting()) log(s, message('log.stole', { thief: seatOf(thief), from: seatOf(from) }));
  if (collecting()) log(s, message('log.you-stole', { what: oneOf(what), from: seatOf(from) }), [thief]);
  if (collecting())
    log(s, message('log.stole-yours', { thief: seatOf(thief), treasure: treasureOf(what) }), [from]);
}

/** Everyone has chosen: the lost cards reach the marketplace clockwise from the drawer, who digs again. */
function afterSandstorm(s: ArchaeologyState, drawer: Seat): void {
  const p = s.pending;
  s.pending = null;
  if (p?.type === 'sandstorm') {
    for (let i = 0; i < s.hands.length; i++) {
      const seat = (drawer + i) % s.hands.length;
      const lost = p.aside[seat] as Instance[];
      if (lost.length === 0) continue;
      s.market.push(...lost);
      if (collecting())
        log(s, message('log.lost', { seat: seatOf(seat), cards: countsMessage(countsOf(s, lost)) }));
    }
  }
  if (s.dig.length > 0 && collecting()) log(s, message('log.digs-again', { seat: seatOf(drawer) }));
  dig(s);
}

/** Ends the turn of the player to move and starts the next player's (skipping empty hands once the dig site is empty). */
function endTurn(s: ArchaeologyState): void {
  const t = s.turn;
  const passed = !t.dug && !t.acted;
  if (passed) {
    s.passes = s.passes ? { first: s.passes.first, count: s.passes.count + 1 } : { first: t.seat, count: 1 };
    if (collecting()) log(s, message('log.passed', { seat: seatOf(t.seat) }));
  } else {
    s.passes = null;
    if (collecting()) log(s, message('log.ended', { seat: seatOf(t.seat) }));
  }
  if (checkEnd(s)) return;
  const n = s.hands.length;
  let next = (t.seat + 1) % n;
  // Once the dig site is empty a player with no cards has nothing left to do: play goes round them.
  if (s.dig.length === 0) while ((s.hands[next]?.length ?? 0) === 0) next = (next + 1) % n;
  s.turn = { seat: next, number: t.number + 1, dug: false, acted: false, sold: false, mustSell: false };
  beginTurn(s);
}

/** Only a bug or a forged click sends these: buttons and menus offer treasures and counts that exist. */
function expectCounts(raw: Counts, side: 'give' | 'take' | 'discard'): Counts {
  for (const k of Object.keys(raw)) {
    if (!(TREASURES as readonly string[]).includes(k)) no('malformed', { side, kind: k }, 'not-a-treasure');
    const n = raw[k as Treasure];
    if (n === undefined || !Number.isInteger(n) || n < 0)
      no('malformed', { side, n: String(n) }, 'not-a-count');
  }
  return normalise(raw);
}

/** trade's tallies of the hand and the marketplace, reused: read before anything else counts. */
const handTally = new Int32Array(TREASURES.length);
const marketTally = new Int32Array(TREASURES.length);

function trade(s: ArchaeologyState, seat: Seat, rawGive: Counts, rawTake: Counts): void {
  const give = expectCounts(rawGive, 'give');
  const take = expectCounts(rawTake, 'take');
  if (total(give) === 0) no('empty-trade', {}, 'empty-give');
  if (total(take) === 0) no('empty-trade', {}, 'empty-take');
  const both = TREASURES.filter((k) => give[k] && take[k]);
  if (both.length > 0) no('same-type', { kinds: treasuresOf(both[0] as Treasure) });
  const gives = tradeValue(s, give);
  const takes = tradeValue(s, take);
  if (takes > gives) no('trade-value', { take: countsMessage(take), takes, gives });
  const hand = s.hands[seat] as Instance[];
  const market = s.market;
  // Check both sides before moving anything: a refused trade changes nothing.
  const inHand = tally(s, hand, handTally);
  const inMarket = tally(s, market, marketTally);
  for (let t = 0; t < TREASURES.length; t++) {
    const k = TREASURES[t] as Treasure;
    if ((give[k] ?? 0) > (inHand[t] as number))
      no('not-held', { have: inHand[t] as number, kinds: treasuresOf(k), want: give[k] ?? 0 });
    if ((take[k] ?? 0) > (inMarket[t] as number))
      no('not-in-market', { have: inMarket[t] as number, kinds: treasuresOf(k), want: take[k] ?? 0 });
  }
  // Both sides were counted above, so these refusals cannot happen; they say what would have been wrong.
  const given = removeCounts(s, hand, give, (k, have, want) =>
    message('refuse.not-held', { have, kinds: treasuresOf(k), want }),
  );
  const taken = removeCounts(s, market, take, (k, have, want) =>
    message('refuse.not-in-market', { have, kinds: treasuresOf(k), want }),
  );
  market.push(...given);
  hand.push(...taken);
  const lost = gives - takes;
  if (collecting())
    log(
      s,
      message('log.traded', {
        seat: seatOf(seat),
        give: countsMessage(give),
        take: countsMessage(take),
        lost,
      }),
    );
}

function explore(s: ArchaeologyState, seat: Seat, chamber: Chamber): void {
  if (!CHAMBERS.includes(chamber)) no('malformed', { chamber: String(chamber) }, 'not-a-chamber');
  const cards = s.chambers[chamber];
  if (cards === null) no('explored', { chamber: chamberOf(chamber) });
  const need = mapsNeeded(chamber);
  const hand = s.hands[seat] as Instance[];
  const maps = removeCounts(s, hand, { map: need }, (_k, have) =>
    message('refuse.maps', { chamber: chamberOf(chamber), need, have }),
  );
  s.out.push(...maps);
  hand.push(...cards);
  s.chambers[chamber] = null;
  if (collecting())
    log(
      s,
      message('log.explored', {
        seat: seatOf(seat),
        maps: need,
        chamber: chamberOf(chamber),
        cards: cards.length,
      }),
    );
  if (collecting())
    log(s, message('log.found', { chamber: chamberOf(chamber), cards: countsMessage(countsOf(s, cards)) }), [
      seat,
    ]);
}

function sell(s: ArchaeologyState, seat: Seat, kind: Treasure, count: number): void {
  if (!(TREASURES as readonly string[]).includes(kind))
    no('malformed', { side: 'sell', kind }, 'not-a-treasure');
  if (!Number.isInteger(count) || count < 1) no('malformed', {}, 'sell-one');
  const max = maxSet(s, kind);
  if (count > max) no('set-too-big', { most: max, kinds: treasuresOf(kind) });
  const hand = s.hands[seat] as Instance[];
  const cards = removeCounts(s, hand, { [kind]: count }, (_k, have) =>
    message('refuse.not-held', { have, kinds: treasuresOf(kind), want: count }),
  );
  s.sold[seat]?.push({ kind, cards });
  s.turn.sold = true;
  if (collecting())
    log(
      s,
      message('log.sold', {
        seat: seatOf(seat),
        cards: countsMessage({ [kind]: count }),
        money: moneyText(setValue(s, kind, count)),
      }),
    );
}

/** Applies a legal action in place, or throws a RuleViolation leaving `s` as it was. */
export function applyAction(s: ArchaeologyState, seat: Seat, action: ArchaeologyAction): void {
  if (s.finished) no('game-over');
  const p = s.pending;
  if (p?.type === 'thief') {
    if (seat !== p.seat) no('not-your-decision', {}, 'thief-chooses');
    if (action.type !== 'steal') no('thief-first');
    if (!p.targets.includes(action.from)) no('bad-target');
    s.pending = null;
    steal(s, seat, action.from);
    return;
  }
  if (p?.type === 'sandstorm') {
    const owed = p.owed[seat] ?? 0;
    if (owed === 0) no('not-your-decision', {}, 'sandstorm-others');
    if (action.type !== 'discard') no('sandstorm-first', { owed });
    const cards = expectCounts(action.cards, 'discard');
    const n = total(cards);
    if (n === 0) no('empty-discard', { owed });
    if (n > owed) no('too-many', { owed, n });
    const lost = removeCounts(s, s.hands[seat] as Instance[], cards, (k, have) =>
      message('refuse.not-held', { have, kinds: treasuresOf(k), want: cards[k] ?? 0 }),
    );
    p.aside[seat]?.push(...lost);
    p.owed[seat] = owed - n;
    if (p.owed.every((o) => o === 0)) {
      afterSandstorm(s, p.drawer);
      checkEnd(s);
    }
    return;
  }
  if (seat !== s.turn.seat) no('not-your-turn');
  switch (action.type) {
    case 'trade':
      trade(s, seat, action.give, action.take);
      s.turn.acted = true;
      return;
    case 'explore':
      explore(s, seat, action.chamber);
      s.turn.acted = true;
      return;
    case 'sell':
      sell(s, seat, action.kind, action.count);
      s.turn.acted = true;
      checkEnd(s);
      return;
    case 'end':
      if (s.turn.mustSell && !s.turn.sold) no('must-sell');
      endTurn(s);
      return;
    default:
      no('no-decision');
  }
}

/** Refuses with the message `archaeology.rules.refuse.<key>` (by default the code). */
function no(code: string, values: MessageValues = {}, key = code): never {
  return refuse(code, message(`refuse.${key}`, values));
}
