import { ButtonStyle, MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { Seat } from '../games/kernel/types.ts';
import { t, type Values } from '../i18n/messages.ts';
import type { VoteChoice } from '../store/absence-store.ts';
import type { GameRecord } from '../store/records.ts';
import { standInOf } from '../table-kit/computer-levels.ts';
import { type GameContext, seatName } from '../table-kit/context.ts';
import type { CustomId } from '../table-kit/custom-id.ts';
import { encodeCustomId } from '../table-kit/custom-id.ts';
import { button, type Payload, row } from '../table-kit/payload.ts';
import type { Click } from './clicked-message.ts';
import { computerName } from './handlers/computer-names.ts';
import { say } from './handlers/replies.ts';
import { userLanguage } from './language.ts';
import type { Runtime } from './runtime.ts';

/** Timed-out turns in a row after which the other players are asked whether to replace the person. */
export const TIMEOUTS_BEFORE_VOTE = 3;

export const voteKind = (seat: Seat) => `vote:${seat}`;

/** The public question, with one button per choice; anyone may see how it is decided, nobody's vote. */
export function voteMessage(ctx: GameContext, title: string, seat: Seat): Payload {
  const id = (choice: 'r' | 'w') =>
    encodeCustomId({
      scope: 'game',
      gameId: ctx.gameId,
      version: ctx.version,
      verb: 'vote',
      arg: `${seat}.${choice}`,
    });
  const name = seatName(ctx, seat);
  const say = (key: string, values?: Values) => t(ctx.language, key, values);
  return {
    content: [
      say('vote.heading', { title, id: String(ctx.gameId), name, count: TIMEOUTS_BEFORE_VOTE }),
      say('vote.explain', { name }),
    ].join('\n'),
    components: [
      row(
        button(id('r'), say('vote.button.replace', { name }).slice(0, 80), ButtonStyle.Danger),
        button(id('w'), say('vote.button.wait'), ButtonStyle.Secondary),
      ),
    ],
    files: [],
    mentionUsers: [],
  };
}

/** A click on a vote's buttons: counted privately; decided by a majority of the others, or by the host. */
export async function onVote(rt: Runtime, i: Click, game: GameRecord, id: CustomId): Promise<void> {
  const m = /^(\d)\.([rw])$/.exec(id.arg);
  if (!m) return say(i, 'vote.damaged');
  const seat = Number(m[1]);
  const choice: VoteChoice = m[2] === 'r' ? 'replace' : 'wait';
  const store = rt.tables.store;
  const absentee = game.seats[seat];
  if (
    game.status !== 'active' ||
    !absentee?.userId ||
    (await store.absences.timeoutsInARow(game.id, seat)) < TIMEOUTS_BEFORE_VOTE
  )
    return say(i, 'vote.over');
  const manager =
    i.user.id === game.hostUserId || (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);
  const voters = game.seats.filter((s) => s.userId && s.seat !== seat).map((s) => s.userId as string);
  if (!manager && !voters.includes(i.user.id)) return say(i, 'vote.only-others', { id: String(game.id) });
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const ctx = rt.tables.context(game);
  const name = seatName(ctx, seat);
  const mine = userLanguage(i);
  let decided: VoteChoice | null = manager ? choice : null;
  if (!decided) {
    const tally = await store.absences.vote(game.id, seat, i.user.id, choice);
    if (tally.replace > voters.length / 2) decided = 'replace';
    else if (tally.wait >= voters.length / 2) decided = 'wait';
    else {
      await i.editReply({
        content: t(mine, 'vote.counted', {
          replace: tally.replace,
          wait: tally.wait,
          voters: voters.length,
          name,
        }),
      });
      return;
    }
  }
  await rt.locks.run(game.id, async () => {
    await store.absences.reset(game.id, seat);
    if (decided === 'wait') {
      await rt.publisher.retire(
        game.id,
        voteKind(seat),
        t(ctx.language, 'vote.waited', { id: String(game.id), name }),
      );
      return;
    }
    const taken = new Set(game.seats.map((s) => s.displayName));
    // For good, at the level the host chose for stand-ins.
    const kind = standInOf(game);
    const updated = await store.lobbies.replaceSeat(game.id, seat, {
      botKind: kind,
      displayName: computerName(taken),
    });
    try {
      await rt.publisher.retire(
        game.id,
        voteKind(seat),
        t(ctx.language, 'vote.replaced', {
          id: String(game.id),
          seat: seat + 1,
          name,
          computer: updated.seats[seat]?.displayName ?? '',
        }),
      );
    } finally {
      await rt.table.rearm(updated);
    }
  });
  await i.editReply({
    content: t(mine, decided === 'wait' ? 'vote.decided-wait' : 'vote.decided-replace', { name }),
  });
}
