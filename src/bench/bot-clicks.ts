/**
 * Clicks through the real bot on the loopback, for benchmarks that compare bots (stores, shard layouts):
 * Valley tables set up through the `Store` contract with fixed seeds, and a move as a person makes it —
 * the board's hand button, then a card entombed from the hand (or the turn ended). The measured part is
 * the second click: "ack" is its deferUpdate callback, "done" the edited hand (commit + image render), as
 * in discord.bench.ts.
 */
import type { Bot } from '../discord/bot.ts';
import { getGame } from '../games/registry.ts';
import { customIds as controlIds, findComponent } from '../loopback/components.ts';
import type { InteractionHandle, LoopbackControl, LoopbackMessage, LoopbackUser } from '../loopback/index.ts';
import type { Store } from '../store/store.ts';
import { decodeCustomId } from '../table-kit/custom-id.ts';

export interface Table {
  readonly gameId: number;
  readonly channelId: string;
  /** Seat order: the store's seats point at these users. */
  readonly users: readonly LoopbackUser[];
  /** The bot whose shard hears this table's server: it posts the board and answers the clicks. */
  readonly bot: Bot;
}

export interface ClickTiming {
  readonly ackMs: number;
  readonly doneMs: number;
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN);
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Every control's custom_id on a message, nested ones too (a Components V2 board nests them in its card). */
export function customIds(m: LoopbackMessage): string[] {
  return controlIds(m.components);
}

/** A select menu's option values; none for a button. */
export function options(m: LoopbackMessage, customId: string): string[] {
  return findComponent(m.components, customId)?.options?.map((o) => o.value) ?? [];
}

const firstOption = (m: LoopbackMessage, customId: string): string | undefined => options(m, customId)[0];

const valley = () => getGame('valley');

/**
 * A started two-player Valley game in `channelId`, its board posted by `bot`. The seed is the caller's, so
 * that every configuration compared plays the same games.
 */
export async function openTable(
  store: Store,
  bot: Bot,
  input: { guildId: string; channelId: string; users: readonly LoopbackUser[]; seed: string },
): Promise<Table> {
  const lobby = await store.lobbies.create({
    type: 'valley',
    guildId: input.guildId,
    channelId: input.channelId,
    hostUserId: input.users[0]?.id ?? null,
    seats: input.users.map((u) => ({ userId: u.id, displayName: u.username })),
    seed: input.seed,
  });
  const started = await store.startGame(lobby.id);
  await bot.runtime.publisher.postBoard(started);
  return { gameId: started.id, channelId: input.channelId, users: input.users, bot };
}

/**
 * One click at `table` by a seat that owes a decision, timed; null when there was nothing to click. It
 * entombs a card when the hand allows it (the measured click of discord.bench.ts), else ends the turn or
 * answers the pending question, so that a game can be played on for as long as a benchmark lasts (a hand
 * allows one entomb a turn). The hand click before it is not timed: it only opens the hand, the same in
 * every configuration.
 */
export async function clickOnce(
  c: LoopbackControl,
  table: Table,
): Promise<(ClickTiming & { readonly verb: string }) | null> {
  const store = table.bot.runtime.tables.store;
  const record = await store.getGame(table.gameId);
  if (record.status !== 'active') return null;
  const seat = valley().waitingFor(record.state)[0];
  const user = table.users.find((u) => u.id === record.seats[seat ?? -1]?.userId);
  if (!user) return null;
  const board = c
    .messages(table.channelId)
    .filter((m) => !m.ephemeral && customIds(m).some((id) => decodeCustomId(id)?.verb === 'hand'))
    .at(-1);
  const handId = board && customIds(board).find((id) => decodeCustomId(id)?.verb === 'hand');
  if (!board || !handId) return null;
  const hand = await c.as(user).click(board, handId).reply();
  const ids = customIds(hand);
  const entomb = ids.find((id) => id.endsWith(':act:entomb'));
  let click: (() => InteractionHandle) | undefined;
  let verb = 'entomb';
  const entombValue = entomb && firstOption(hand, entomb);
  if (entomb && entombValue) click = () => c.as(user).select(hand, entomb, [entombValue]);
  else {
    const endSelect = ids.find((id) => decodeCustomId(id)?.verb === 'end');
    const endValue = endSelect && options(hand, endSelect).find((v) => v !== 'order');
    const endButton = ids.find(
      (id) => decodeCustomId(id)?.verb === 'act' && decodeCustomId(id)?.arg.startsWith('t'),
    );
    const answer = ids.find((id) => decodeCustomId(id)?.verb === 'ans');
    const answerValue = answer && options(hand, answer)[0];
    if (endSelect && endValue)
      [verb, click] = ['end-turn', () => c.as(user).select(hand, endSelect, [endValue])];
    else if (endButton) [verb, click] = ['end-turn', () => c.as(user).click(hand, endButton)];
    else if (answer && answerValue)
      [verb, click] = ['answer', () => c.as(user).select(hand, answer, [answerValue])];
    else if (answer) [verb, click] = ['answer', () => c.as(user).click(hand, answer)];
  }
  if (!click) return null;
  const t0 = performance.now();
  const h = click();
  await h.acknowledged();
  const ackMs = performance.now() - t0;
  await h.edited(0);
  return { ackMs, doneMs: performance.now() - t0, verb };
}

/** Resolves once the game's queued work (the board after a move) is done, without touching the others. */
export function gameSettled(table: Table): Promise<void> {
  return table.bot.runtime.locks.run(table.gameId, async () => {});
}
