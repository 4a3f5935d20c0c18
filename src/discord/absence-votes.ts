import { ButtonStyle, MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { Seat } from '../games/kernel/types.ts';
import type { VoteChoice } from '../store/absence-store.ts';
import type { GameRecord } from '../store/records.ts';
import type { Click } from './clicked-message.ts';
import type { CustomId } from './custom-id.ts';
import { encodeCustomId } from './custom-id.ts';
import { computerName } from './handlers/computer-names.ts';
import { tell } from './handlers/replies.ts';
import { type GameContext, seatName } from './messages/context.ts';
import { button, type Payload, row } from './messages/payload.ts';
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
  return {
    content: [
      `🗳️ ${title} game #${ctx.gameId}: ${name}'s time ran out ${TIMEOUTS_BEFORE_VOTE} turns in a row.`,
      `The other players vote: replace ${name} with a computer player for good (the game is then no longer rated), or wait for them. The host, or anyone who may manage the server, can decide at once.`,
    ].join('\n'),
    components: [
      row(
        button(id('r'), `Replace ${name}`.slice(0, 80), ButtonStyle.Danger),
        button(id('w'), 'Wait for them', ButtonStyle.Secondary),
      ),
    ],
    files: [],
    mentionUsers: [],
  };
}

/** A click on a vote's buttons: counted privately; decided by a majority of the others, or by the host. */
export async function onVote(rt: Runtime, i: Click, game: GameRecord, id: CustomId): Promise<void> {
  const m = /^(\d)\.([rw])$/.exec(id.arg);
  if (!m) return tell(i, 'That button is damaged.');
  const seat = Number(m[1]);
  const choice: VoteChoice = m[2] === 'r' ? 'replace' : 'wait';
  const store = rt.tables.store;
  const absentee = game.seats[seat];
  if (
    game.status !== 'active' ||
    !absentee?.userId ||
    store.absences.timeoutsInARow(game.id, seat) < TIMEOUTS_BEFORE_VOTE
  )
    return tell(i, 'There is nothing to decide any more: they played since, or the vote is over.');
  const manager =
    i.user.id === game.hostUserId || (i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false);
  const voters = game.seats.filter((s) => s.userId && s.seat !== seat).map((s) => s.userId as string);
  if (!manager && !voters.includes(i.user.id))
    return tell(i, `Only the other players of game #${game.id}, or its host, can vote.`);
  await i.deferReply({ flags: MessageFlags.Ephemeral });
  const ctx = rt.tables.context(game);
  const name = seatName(ctx, seat);
  let decided: VoteChoice | null = manager ? choice : null;
  if (!decided) {
    const tally = store.absences.vote(game.id, seat, i.user.id, choice);
    if (tally.replace > voters.length / 2) decided = 'replace';
    else if (tally.wait >= voters.length / 2) decided = 'wait';
    else {
      await i.editReply({
        content: `Your vote is counted: ${tally.replace} for replacing ${name}, ${tally.wait} for waiting, of ${voters.length}.`,
      });
      return;
    }
  }
  await rt.locks.run(game.id, async () => {
    store.absences.reset(game.id, seat);
    if (decided === 'wait') {
      await rt.publisher.retire(game.id, voteKind(seat), `🗳️ Game #${game.id}: the players wait for ${name}.`);
      return;
    }
    const taken = new Set(game.seats.map((s) => s.displayName));
    const kind = rt.tables.adapterOf(game).computers.kinds[0];
    const updated = store.lobbies.replaceSeat(game.id, seat, {
      botKind: kind,
      displayName: computerName(taken),
    });
    try {
      await rt.publisher.retire(
        game.id,
        voteKind(seat),
        `🗳️ Game #${game.id}: seat ${seat + 1} (${name}) is now played by the computer player ${updated.seats[seat]?.displayName} for good; the game is no longer rated.`,
      );
    } finally {
      rt.table.rearm(updated);
    }
  });
  await i.editReply({
    content: decided === 'wait' ? `Decided: the players wait for ${name}.` : `Decided: ${name} is replaced.`,
  });
}
