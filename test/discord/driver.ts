import { type APIMessageComponent, ComponentType } from 'discord-api-types/v10';
import { walkComponents } from '../../src/loopback/components.ts';
import type { LoopbackMessage, LoopbackUser } from '../../src/loopback/index.ts';
import { decodeCustomId } from '../../src/table-kit/custom-id.ts';
import type { TableHarness } from './harness.ts';

export interface Control {
  customId: string;
  verb: string;
  arg: string;
  version: number;
  kind: 'button' | 'select';
  label: string;
  values: string[];
  disabled: boolean;
}

/**
 * The buttons and selects of a message, decoded, in reading order: in rows, and beside a section's text
 * (a Components V2 message nests them in its container).
 */
export function controls(m: LoopbackMessage): Control[] {
  const out: Control[] = [];
  for (const c of walkComponents(m.components) as Iterable<APIMessageComponent>) {
    if (c.type === ComponentType.Button && 'custom_id' in c) {
      const id = decodeCustomId(c.custom_id);
      if (id)
        out.push({
          customId: c.custom_id,
          verb: id.verb,
          arg: id.arg,
          version: id.version,
          kind: 'button',
          label: c.label ?? '',
          values: [],
          disabled: c.disabled ?? false,
        });
    } else if (c.type === ComponentType.StringSelect) {
      const id = decodeCustomId(c.custom_id);
      if (id)
        out.push({
          customId: c.custom_id,
          verb: id.verb,
          arg: id.arg,
          version: id.version,
          kind: 'select',
          label: c.placeholder ?? '',
          values: c.options.map((o) => o.value),
          disabled: c.disabled ?? false,
        });
    }
  }
  return out;
}

/** UI steps as a player takes them. */
export class Driver {
  constructor(readonly h: TableHarness) {}

  get control() {
    return this.h.loopback.control;
  }

  /** The newest bot message in `channelId` carrying a control with `verb`. */
  latest(channelId: string, verb: string): LoopbackMessage {
    const found = this.control
      .messages(channelId)
      .filter((m) => !m.ephemeral && controls(m).some((c) => c.verb === verb))
      .at(-1);
    if (!found) throw new Error(`no message with a '${verb}' control in ${channelId}`);
    return found;
  }

  fresh(m: LoopbackMessage): LoopbackMessage {
    return this.control.message(m.id) ?? m;
  }

  /** Presses a button; resolves with what the user sees afterwards (a new reply, or the updated message). */
  async press(user: LoopbackUser, m: LoopbackMessage, c: Control): Promise<LoopbackMessage> {
    const handle = this.control.as(user).click(m, c.customId);
    return this.settleAfter(handle, m);
  }

  async choose(user: LoopbackUser, m: LoopbackMessage, c: Control, value: string): Promise<LoopbackMessage> {
    return this.chooseMany(user, m, c, [value]);
  }

  async chooseMany(
    user: LoopbackUser,
    m: LoopbackMessage,
    c: Control,
    values: readonly string[],
  ): Promise<LoopbackMessage> {
    const handle = this.control.as(user).select(m, c.customId, [...values]);
    return this.settleAfter(handle, m);
  }

  private async settleAfter(
    handle: {
      acknowledged(): Promise<unknown>;
      reply(): Promise<LoopbackMessage>;
      original(): LoopbackMessage | undefined;
    },
    on: LoopbackMessage,
  ): Promise<LoopbackMessage> {
    const reply = await handle.reply();
    await this.h.settle();
    // An update/deferUpdate shows on the clicked message; a new reply is its own message.
    return this.control.message(reply.id) ?? this.control.message(on.id) ?? reply;
  }

  /**
   * The hand's one end-turn control: the button, or the menu of the card to leave on top (its first
   * card); `null` when the hand offers neither.
   */
  endTurnControl(hand: LoopbackMessage): { control: Control; value?: string } | null {
    const cs = controls(hand);
    // In either language of the hand (the hand is in its reader's).
    const button = cs.find(
      (x) =>
        x.verb === 'act' && x.kind === 'button' && (x.label === 'End turn' || x.label === 'Terminar turno'),
    );
    if (button) return { control: button };
    const menu = cs.find((x) => x.verb === 'end');
    return menu ? { control: menu, value: menu.values[0] as string } : null;
  }

  /** Ends `user`'s turn from their hand with its one end-turn control. */
  async endTurn(user: LoopbackUser, hand: LoopbackMessage): Promise<LoopbackMessage> {
    const end = this.endTurnControl(hand);
    if (!end) throw new Error(`this hand cannot end the turn: ${hand.text}`);
    return end.value === undefined
      ? this.press(user, hand, end.control)
      : this.choose(user, hand, end.control, end.value);
  }

  /** Plays the hand's first action control (a button, or a menu's first choice); throws if it has none. */
  async playFirstAction(user: LoopbackUser, hand: LoopbackMessage): Promise<LoopbackMessage> {
    const act = controls(hand).find((x) => x.verb === 'act');
    if (!act) throw new Error(`this hand offers no action: ${hand.text}`);
    return act.values.length > 0
      ? this.choose(user, hand, act, act.values[0] as string)
      : this.press(user, hand, act);
  }

  /** Opens `user`'s hand from the newest board in the channel. */
  async openHand(user: LoopbackUser, channelId: string): Promise<LoopbackMessage> {
    const board = this.latest(channelId, 'hand');
    const hand = controls(board).find((c) => c.verb === 'hand');
    if (!hand) throw new Error('the board has no My hand button');
    return this.press(user, board, hand);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every direct message `user` has received from the bot. */
export function dmsTo(h: TableHarness, user: LoopbackUser): LoopbackMessage[] {
  return h.loopback.control
    .as(user)
    .visibleChannels()
    .filter((ch) => ch.type === 1)
    .flatMap((ch) => h.loopback.control.messages(ch.id));
}

/**
 * `host` opens a lobby with /valley, the others join, the host starts: returns the game's channel
 * (its thread) and id.
 */
export async function startGameByLobby(
  d: Driver,
  host: LoopbackUser,
  others: readonly LoopbackUser[],
): Promise<{ where: string; gameId: number }> {
  const opened = await d.control.as(host).slash('valley').reply();
  const where = /<#(\d+)>/.exec(opened.text)?.[1];
  if (!where) throw new Error(`no channel in the reply to /valley: ${opened.text}`);
  await d.h.settle();
  let lobby = d.latest(where, 'join');
  for (const u of others) lobby = await d.press(u, lobby, controls(lobby).find((x) => x.verb === 'join')!);
  await d.press(host, lobby, controls(lobby).find((x) => x.verb === 'start')!);
  const game = d.h.store.gameInThread(where) ?? d.h.store.gamesInChannel(where)[0];
  if (!game) throw new Error('the game did not start');
  return { where, gameId: game.id };
}
