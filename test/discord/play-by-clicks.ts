import { expect } from 'vitest';
import { en } from '../../src/adapters/english.ts';
import { cardName } from '../../src/adapters/valley/card-names.ts';
import { valleyText } from '../../src/adapters/valley/rules-text.ts';
import { collectLines, readableBy } from '../../src/games/kernel/log.ts';
import type { Message } from '../../src/games/kernel/message.ts';
import { valley } from '../../src/games/valley/index.ts';
import type { ValleyAction, ValleyState } from '../../src/games/valley/state.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { controls, type Driver, sleep } from './driver.ts';
import { FAST } from './harness.ts';

export interface PlayedGame {
  windowsAnsweredByHand: number;
  /** Hands looked at, in a window, by a seat that could only pass (and found nothing asked). */
  onlyPassHandsSeen: number;
  autoPasses: number;
  restarted: boolean;
}

/**
 * Plays a started Valley game to its end as people do, by clicking their hands' controls: each turn one
 * purchase, one entombing, then the end of the turn; a reaction window is answered by hand by someone
 * who can react while the others pass automatically (once, one who can only pass checks its hand asks
 * nothing). Seats of
 * computer players (`null`) are left to the bot. `restartAtTurn`: restarts the bot once at that turn.
 */
export async function playByClicks(
  d: Driver,
  gameId: number,
  where: string,
  users: readonly (LoopbackUser | null)[],
  options: { restartAtTurn?: number; maxSteps?: number } = {},
): Promise<PlayedGame> {
  const h = d.h;
  const c = h.loopback.control;
  const played: PlayedGame = {
    windowsAnsweredByHand: 0,
    onlyPassHandsSeen: 0,
    autoPasses: 0,
    restarted: false,
  };
  let boughtOnTurn = -1;
  const waitForMove = async (version: number) => {
    while (h.store.getGame(gameId).version === version && h.store.getGame(gameId).status === 'active')
      await sleep(20);
  };
  for (let step = 0; step < (options.maxSteps ?? 6000); step++) {
    await h.settle();
    const game = h.store.getGame(gameId);
    if (game.status === 'finished') break;
    const s = game.state as ValleyState;
    if (options.restartAtTurn !== undefined && !played.restarted && s.turn.number >= options.restartAtTurn) {
      await h.restart();
      played.restarted = true;
      continue;
    }
    const q = s.stack.at(-1)?.q;
    const waiting = valley.waitingFor(s);
    const people = waiting.filter((seat) => users[seat]);
    if (people.length === 0) {
      await waitForMove(game.version);
      continue;
    }
    if (q?.window) {
      const onlyPass = (seat: number) => valley.legalActions(s, seat).length === 1;
      const canReact = people.find((seat) => !onlyPass(seat));
      // Respond shows on the board once its edit goes out (edits are paced); My hand does the same.
      const note = d.latest(where, 'hand');
      const respond = controls(note).find((x) => x.verb === 'respond' || x.verb === 'hand');
      if (!respond) throw new Error('the board has neither Respond nor My hand');
      if (canReact === undefined) {
        // Once, a seat that can only pass looks at its hand: it waits there, asked nothing.
        const seat = people[0] as number;
        if (played.onlyPassHandsSeen === 0) {
          const hand = await d.press(users[seat] as LoopbackUser, note, respond);
          const asked = controls(hand).some((x) => x.verb === 'ans');
          // Passed automatically within milliseconds, it may be asked something else by the click.
          if (asked && h.store.getGame(gameId).version === game.version)
            throw new Error(`a seat that can only pass was asked: ${hand.text}`);
          if (!asked) {
            played.onlyPassHandsSeen++;
            // The people's random pass delay (the harness's) was there for this one look: from now on the
            // bot's fastest, as in every other test, rather than a quarter second in each of ~100 windows.
            h.timing.autoPassMinMs = FAST.autoPassMinMs;
            h.timing.autoPassMaxMs = FAST.autoPassMaxMs;
          }
        }
        await waitForMove(game.version);
        played.autoPasses++;
        continue;
      }
      const user = users[canReact] as LoopbackUser;
      const hand = await d.press(user, note, respond);
      const answers = controls(hand).filter((x) => x.verb === 'ans');
      const pick = answers.find((x) => x.arg.endsWith(':react')) ?? answers[0];
      if (!pick) throw new Error(`no answer in: ${hand.text}`);
      await d.press(user, hand, pick);
      played.windowsAnsweredByHand++;
      continue;
    }
    const seat = people[0] as number;
    const user = users[seat] as LoopbackUser;
    let hand = await d.openHand(user, where);
    expect(hand.ephemeral).toBe(true);
    expect(
      hand.attachments[0]?.contentType,
      JSON.stringify({ c: hand.text, l: hand.loading, a: hand.attachments.length }),
    ).toBe('image/png');
    const cs = controls(hand);
    const answer = cs.find((x) => x.verb === 'ans');
    if (answer) {
      if (answer.kind === 'select') await d.choose(user, hand, answer, answer.values[0] as string);
      else await d.press(user, hand, answer);
      continue;
    }
    if (s.turn.seat !== seat) {
      // Asked out of turn, but the answer is not on this hand yet (an edit still on its way).
      await sleep(20);
      continue;
    }
    const buy = cs.find((x) => x.verb === 'buyslot');
    if (buy && boughtOnTurn !== s.turn.number) {
      hand = await d.press(user, hand, buy);
      const pay = controls(hand).find((x) => x.verb === 'act' && x.kind === 'select');
      if (pay) await d.choose(user, hand, pay, pay.values[0] as string);
      else {
        // More ways to pay than one menu lists: pick the cards of a legal payment.
        const cards = controls(hand).find((x) => x.verb === 'pay');
        if (!cards) throw new Error(`no way to pay in: ${hand.text}`);
        const legal = valley
          .legalActions(h.store.getGame(gameId).state as ValleyState, seat)
          .find((a) => a.type === 'buy' && a.slot === Number(buy.arg));
        if (legal?.type !== 'buy') throw new Error('the buy is no longer legal');
        await c.as(user).select(hand, cards.customId, legal.pay.map(String)).reply();
        await h.settle();
      }
      boughtOnTurn = s.turn.number;
      continue;
    }
    const entomb = cs.find(
      (x) => x.kind === 'select' && (x.label.startsWith('Entomb') || x.label.startsWith('Sepultar')),
    );
    if (entomb && !s.turn.entombed) {
      await d.choose(user, hand, entomb, entomb.values[0] as string);
      continue;
    }
    await d.endTurn(user, hand);
  }
  return played;
}

/**
 * What the public could read at each of `versions`, in `language`: the names of the cards it could see
 * and those its log names (as card ids in its messages, or in its English text), every sentence of the
 * public view (some name a card in their own words, "descartó la Barca"), and the view's JSON. The log is
 * replayed once, in order, rather than from the start for each message (thousands of them in a long game).
 */
function visibleAt(d: Driver, gameId: number, versions: ReadonlySet<number>, language: string) {
  const g = d.h.store.getGame(gameId);
  const started = collectLines(() => valley.setup(valley.parseOptions(g.options), g.seed) as ValleyState);
  let s = started.value;
  const log = [...started.lines];
  const actions = d.h.store.actionLog(gameId);
  const last = Math.max(-1, ...versions);
  const visible = new Map<number, string>();
  for (let version = 0; version <= last; version++) {
    if (versions.has(version)) {
      const pub = { ...valley.view(s, null), log: readableBy(log, null).map((l) => l.text) };
      const json = JSON.stringify({ ...pub, defs: undefined });
      const seenIds = [...json.matchAll(/"card":"([a-z-]+)"|"#([a-z-]+)"/g)].map((x) => x[1] ?? x[2]);
      const said = sentencesOf(pub).map((m) => valleyText(m, { names: [], language }));
      visible.set(
        version,
        `${seenIds.map((id) => cardName(id as string, language)).join('|')}|${said.join('|')}${json}`,
      );
    }
    const a = actions[version];
    if (!a) continue;
    const r = valley.apply(s, a.seat, a.action as ValleyAction);
    if (!r.ok) throw new Error(en(r.error.msg));
    s = r.state;
    log.push(...r.log);
  }
  return visible;
}

/**
 * Every public message of the game's channel names only cards the public could see at the version it
 * was drawn from (its controls carry the version; the results are drawn from the final one). Returns the
 * number of messages checked.
 */
export function expectNoLeaks(
  d: Driver,
  gameId: number,
  where: string,
  seen: readonly LoopbackMessage[],
  language = 'en',
): number {
  const final = d.h.store.getGame(gameId);
  const ids = Object.keys((final.state as ValleyState).defs);
  // Whole words in any alphabet (Spanish names may start or end with an accented letter).
  const names = ids.map((id) => {
    const n = cardName(id, language);
    return { n, word: new RegExp(`(?<!\\p{L})${n}(?!\\p{L})`, 'u') };
  });
  const checks: { m: LoopbackMessage; version: number }[] = [];
  for (const m of seen) {
    if (m.channelId !== where || m.ephemeral) continue;
    const version =
      controls(m).find((x) => x.verb === 'hand' || x.verb === 'respond')?.version ??
      (/is over|ha terminado/.test(m.text) ? final.version : null);
    if (version !== null) checks.push({ m, version });
  }
  const visible = visibleAt(d, gameId, new Set(checks.map((c) => c.version)), language);
  for (const { m, version } of checks) {
    const text = [m.text, ...m.attachments.map((a) => a.description ?? '')].join('\n');
    for (const { n, word } of names)
      if (word.test(text))
        expect(visible.get(version), `${n} in a public message at v${version}`).toContain(n);
  }
  return checks.length;
}

/** The catalogue messages anywhere in a view (log lines, the waiting text, prompts, labels). */
function sentencesOf(value: unknown, found: Message[] = []): Message[] {
  if (Array.isArray(value)) for (const v of value) sentencesOf(v, found);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.key === 'string' && o.key.startsWith('valley.')) found.push(o as unknown as Message);
    else for (const v of Object.values(o)) sentencesOf(v, found);
  }
  return found;
}
