import { MessageFlags } from 'discord.js';
import type { Clock } from '../clock.ts';
import { type Click, isEphemeral } from './clicked-message.ts';

/**
 * Discord fails a click it has not seen acknowledged within 3 s. Handlers acknowledge first when their
 * work is known to be slow; a fast path answers directly, one request fewer. Any path can still be
 * slow on a busy bot (a store under load, a lock held by another click, a rate-limited edit), so a click
 * not acknowledged after this long is deferred by the bot itself, with room left for the request.
 */
export const ACK_DEADLINE_MS = 1_500;

/**
 * How a deferral the bot makes by itself acknowledges: as an update of the clicked message (a private
 * hand, a lobby the click edits) or as a new private reply (a click on a public board, whose answer is
 * the clicker's alone). Chosen so that the handler's own answer still lands where it meant it to.
 */
export type AckFallback = 'update' | 'reply';

/** The usual fallback for a click: in place on a private message, otherwise privately. */
export const fallbackFor = (i: Click): AckFallback => (isEphemeral(i) ? 'update' : 'reply');

type Fn = (...args: never[]) => Promise<unknown>;
type Options = Record<string, unknown>;

/**
 * Watches `i` until the returned stop is called: when the handler has not begun acknowledging by
 * `ms`, the bot defers (as `fallback` says) and calls `late`. The handler's own calls keep their
 * meaning afterwards: a reply becomes a follow-up, an update an edit of the clicked message, a deferral
 * a no-op (its edits then go where that deferral would have sent them).
 */
export function watchAck(
  i: Click,
  clock: Clock,
  ms: number,
  fallback: AckFallback,
  late: () => void,
): () => void {
  const self = i as unknown as Record<string, Fn>;
  const original = {
    reply: self.reply!.bind(i),
    update: self.update!.bind(i),
    deferReply: self.deferReply!.bind(i),
    deferUpdate: self.deferUpdate!.bind(i),
    editReply: self.editReply!.bind(i),
    followUp: self.followUp!.bind(i),
  } as unknown as Record<string, (o?: unknown) => Promise<unknown>>;
  const call = (name: string, o?: unknown) => original[name]!(o);
  /** The handler began acknowledging before the deadline: the bot does nothing. */
  let handlerFirst = false;
  /** The bot's own deferral, once made. */
  let auto: Promise<unknown> | null = null;
  /** What the handler asked for after the bot deferred: where its edits must go. */
  let wanted: 'reply' | 'update' | null = null;
  /** A private answer sent as a follow-up (the bot deferred as an update): later edits go to it. */
  let privateAnswer: Promise<{ id: string }> | null = null;

  const cancel = clock.at(clock.now() + ms, () => {
    if (handlerFirst || auto) return;
    late();
    auto =
      fallback === 'update' ? call('deferUpdate') : call('deferReply', { flags: MessageFlags.Ephemeral });
  });
  const first = (name: string, after: (o: Options) => Promise<unknown>) => {
    self[name] = (async (o: Options) => {
      if (!auto) {
        handlerFirst = true;
        return call(name, o);
      }
      await auto;
      return after(o);
    }) as unknown as Fn;
  };
  /** An answer meant for the clicker alone after the bot deferred as an update: a follow-up, then edited. */
  const privately = async (o: Options) => {
    if (!privateAnswer) {
      // The handler's own flags (Components V2) are kept: only privacy is added.
      const flags = MessageFlags.Ephemeral | (typeof o?.flags === 'number' ? o.flags : 0);
      privateAnswer = call('followUp', { ...o, flags }) as Promise<{ id: string }>;
      return privateAnswer;
    }
    const { id } = await privateAnswer;
    return call('editReply', { ...o, message: id });
  };
  first('reply', (o) => call('followUp', o));
  first('update', (o) => {
    wanted = 'update';
    return fallback === 'update' ? call('editReply', o) : editClicked(i, o);
  });
  first('deferReply', async () => {
    wanted = 'reply';
  });
  first('deferUpdate', async () => {
    wanted = 'update';
  });
  self.editReply = (async (o: Options) => {
    if (!auto) return call('editReply', o);
    await auto;
    // The handler deferred a new reply, but the bot had deferred as an update: a new private message.
    if (wanted === 'reply' && fallback === 'update') return privately(o);
    // It deferred as an update of a public message, but the bot had deferred as a private reply.
    if (wanted === 'update' && fallback === 'reply') return editClicked(i, o);
    return call('editReply', o);
  }) as unknown as Fn;
  self.followUp = (async (o: Options) => {
    if (auto) await auto;
    return call('followUp', o);
  }) as unknown as Fn;
  return cancel;
}

/** The clicked message edited through the channel: the click's own token now answers a new reply. */
async function editClicked(i: Click, o: Options): Promise<unknown> {
  return i.message.edit(o as Parameters<typeof i.message.edit>[0]);
}
