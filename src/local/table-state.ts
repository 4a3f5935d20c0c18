import type { LocalWorld } from './local-world.ts';
import type { Pace } from './pace.ts';
import type { PageTableState } from './page-types.ts';
import { pageUser } from './page-wire.ts';

/** What a newcomer is told first: the commands that open a lobby, one per game the bot hosts. */
export function lobbyHint(lobbyCommands: readonly string[]): string {
  const commands = lobbyCommands.length ? lobbyCommands.map((c) => `/${c}`).join(' or ') : 'a game’s command';
  return `Type ${commands} to start a game, add computer players in its lobby, then press Start.`;
}

export function tableState(
  world: LocalWorld,
  pace: Pace,
  lobbyCommands: readonly string[] = [],
): PageTableState {
  return {
    guild: { id: world.guildId, name: world.loopback.control.defaultGuild.name },
    defaultChannelId: world.channelId,
    bot: pageUser(world.bot, false),
    users: world.humans().map((u) => pageUser(u, world.isManager(u.id))),
    hint: lobbyHint(lobbyCommands),
    lobbyCommands,
    pace: pace.get(),
  };
}
