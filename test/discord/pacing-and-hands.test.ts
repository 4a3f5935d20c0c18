import type { RepliableInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  ChannelPacer,
  DISCORD_CHANNEL_LIMITS,
  scaledChannelLimits,
} from '../../src/discord/channel-pacer.ts';
import { HAND_TOKEN_LIFETIME_MS, PrivateHands } from '../../src/discord/private-hands.ts';

describe('ChannelPacer', () => {
  it('lets a computer move go while the channel has room, and says how long to wait when it has none', () => {
    let now = 1_000;
    const pacer = new ChannelPacer(undefined, () => now);
    expect(pacer.waitForMove('c')).toBe(0);
    for (let k = 0; k < 4; k++) pacer.record('c', 'send');
    expect(pacer.waitForMove('c')).toBe(0); // the fifth send still fits in 5 s
    now += 100;
    pacer.record('c', 'send');
    expect(pacer.waitForMove('c')).toBe(4_900); // until the first send leaves the window
    expect(pacer.waitForMove('other')).toBe(0); // channels are limited apart
    now += 4_900;
    expect(pacer.waitForMove('c')).toBe(0);
  });

  it('counts a write from when Discord answered it: a request slow to arrive does not end the window early', () => {
    let now = 1_000;
    const pacer = new ChannelPacer(undefined, () => now);
    const answered = pacer.record('c', 'send');
    for (let k = 0; k < 4; k++) pacer.record('c', 'send');
    // The first send reached Discord, and was answered, 3 s after the pacer let it go.
    now += 3_000;
    answered();
    answered();
    now += 2_000;
    // Four sends left the window; the first counts until 5 s after its answer.
    expect(pacer.waitForMove('c')).toBe(0);
    for (let k = 0; k < 4; k++) pacer.record('c', 'send');
    expect(pacer.waitForMove('c')).toBe(3_000);
  });

  it('keeps one edit in reserve: board edits wait while old boards can still lose their buttons', () => {
    let now = 0;
    const pacer = new ChannelPacer(undefined, () => now);
    for (let k = 0; k < 3; k++) pacer.record('c', 'edit');
    expect(pacer.waitFor('c', 'edit', 2)).toBe(0);
    pacer.record('c', 'edit');
    expect(pacer.waitFor('c', 'edit', 2)).toBe(5_000);
    expect(pacer.waitFor('c', 'edit', 1)).toBe(0);
    now = 5_001;
    expect(pacer.waitFor('c', 'edit', 2)).toBe(0);
  });
});

describe('scaledChannelLimits', () => {
  it("is Discord's limits at 1, and the same counts in shorter windows for tests; below 1 is refused", () => {
    expect(scaledChannelLimits()).toBe(DISCORD_CHANNEL_LIMITS);
    expect(scaledChannelLimits(50)).toEqual({
      send: { count: 5, windowMs: 100 },
      edit: { count: 5, windowMs: 100 },
      delete: { count: 5, windowMs: 20 },
    });
    expect(() => scaledChannelLimits(0)).toThrow(/limitScale must be .* got 0/);
    let now = 0;
    const pacer = new ChannelPacer(scaledChannelLimits(50), () => now);
    for (let k = 0; k < 5; k++) pacer.record('c', 'send');
    expect(pacer.waitForMove('c')).toBe(100);
    now = 100;
    expect(pacer.waitForMove('c')).toBe(0);
  });
});

describe('PrivateHands', () => {
  const interaction = {} as RepliableInteraction;

  it('offers a hand for redrawing only while its token is safely valid', () => {
    let now = 0;
    const hands = new PrivateHands(() => now);
    hands.remember(1, 0, { interaction, messageId: 'm1', version: 3, controls: true });
    expect(hands.live(1, 0)?.version).toBe(3);
    now = HAND_TOKEN_LIFETIME_MS - 61_000;
    expect(hands.live(1, 0)).toBeDefined();
    now = HAND_TOKEN_LIFETIME_MS - 30_000; // too close to the end: an edit might arrive too late
    expect(hands.live(1, 0)).toBeUndefined();
  });

  it('forgets one seat or a whole game', () => {
    const hands = new PrivateHands(() => 0);
    hands.remember(1, 0, { interaction, messageId: 'm1', version: 1, controls: false });
    hands.remember(1, 1, { interaction, messageId: 'm1', version: 1, controls: false });
    hands.remember(2, 0, { interaction, messageId: 'm1', version: 1, controls: false });
    hands.forget(1, 1);
    expect(hands.live(1, 1)).toBeUndefined();
    hands.forget(1);
    expect(hands.size).toBe(1);
    expect(hands.live(2, 0)).toBeDefined();
  });

  it('hands back the hand a newer one replaces, for retiring, while its token may still be used', () => {
    let now = 0;
    const hands = new PrivateHands(() => now);
    const [first, second, third] = [{}, {}, {}] as RepliableInteraction[];
    expect(hands.remember(1, 0, { interaction: first!, messageId: 'a', version: 1, controls: true })).toBe(
      undefined,
    );
    // Redrawn in place (the same message, through a new click's token): nothing to retire.
    const inPlace = { interaction: second!, messageId: 'a', version: 2, controls: true };
    expect(hands.remember(1, 0, inPlace)).toBe(undefined);
    const replaced = hands.remember(1, 0, {
      interaction: third!,
      messageId: 'b',
      version: 2,
      controls: true,
    });
    expect(replaced?.messageId).toBe('a');
    expect(replaced?.interaction).toBe(second);
    // A hand whose token lapsed cannot be edited: nothing is handed back.
    now = HAND_TOKEN_LIFETIME_MS;
    expect(hands.remember(1, 0, { interaction, messageId: 'c', version: 2, controls: true })).toBe(undefined);
    expect(hands.remember(1, 1, { interaction, messageId: 'd', version: 2, controls: true })).toBe(undefined);
  });

  it('knows which hand is the newest after its token lapsed, so an older one is seen as retired', () => {
    let now = 0;
    const hands = new PrivateHands(() => now);
    expect(hands.isRetired(1, 0, { id: 'a' })).toBe(false); // nothing known (a restart): every hand counts
    hands.remember(1, 0, { interaction, messageId: 'a', version: 1, controls: true });
    hands.remember(1, 0, { interaction, messageId: 'b', version: 1, controls: true });
    now = 2 * HAND_TOKEN_LIFETIME_MS;
    expect(hands.live(1, 0)).toBeUndefined();
    expect(hands.isRetired(1, 0, { id: 'a' })).toBe(true);
    expect(hands.isRetired(1, 0, { id: 'b' })).toBe(false);
    expect(hands.isRetired(1, 1, { id: 'a' })).toBe(false);
    now = 0;
    hands.lapsed(1, 0); // an edit through the token failed
    expect(hands.live(1, 0)).toBeUndefined();
    expect(hands.isRetired(1, 0, { id: 'a' })).toBe(true);
  });

  it('a hand being opened is the newest before it is remembered, and is forgotten once sent', () => {
    const hands = new PrivateHands(() => 0);
    hands.remember(1, 0, { interaction, messageId: 'a', version: 1, controls: true });
    const fresh = { id: 'b', interactionMetadata: { id: 'click' } };
    expect(hands.isRetired(1, 0, fresh)).toBe(true);
    hands.opening(1, 0, 'click');
    expect(hands.isRetired(1, 0, fresh)).toBe(false);
    expect(hands.isRetired(1, 0, { id: 'c', interactionMetadata: { id: 'other' } })).toBe(true);
    expect(hands.isRetired(1, 0, { id: 'c' })).toBe(true);
    hands.opened(1, 0, 'click');
    expect(hands.openingNow).toBe(0);
  });

  it('a redraw keeps the token’s age, and does not bring back a hand a newer one replaced', () => {
    let now = 0;
    const hands = new PrivateHands(() => now);
    hands.remember(1, 0, { interaction, messageId: 'a', version: 1, controls: true });
    const live = hands.live(1, 0)!;
    now = 10 * 60_000;
    expect(hands.redrawn(1, 0, live, 2, false)).toBe(true);
    expect(hands.live(1, 0)?.version).toBe(2);
    now = HAND_TOKEN_LIFETIME_MS - 30_000; // the token is as old as its click, not as its last redraw
    expect(hands.live(1, 0)).toBeUndefined();
    // A click on the same hand meanwhile drew it through a new token: that drawing stands.
    const click = {} as RepliableInteraction;
    hands.remember(1, 0, { interaction: click, messageId: 'a', version: 3, controls: true });
    expect(hands.redrawn(1, 0, live, 2, false)).toBe(true);
    expect(hands.live(1, 0)).toMatchObject({ interaction: click, version: 3, controls: true });
    const newer = {} as RepliableInteraction;
    hands.remember(1, 0, { interaction: newer, messageId: 'b', version: 3, controls: true });
    expect(hands.redrawn(1, 0, live, 4, true)).toBe(false);
    expect(hands.live(1, 0)?.messageId).toBe('b');
    expect(hands.liveHands(1).map((x) => x.hand.messageId)).toEqual(['b']);
  });
});
