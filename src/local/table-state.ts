import type { LocalWorld } from './local-world.ts';
import type { Pace } from './pace.ts';
import type { PageTableState } from './page-types.ts';
import { pageUser } from './page-wire.ts';

export const HINT = 'Type /valley to start a game, add computer players in its lobby, then press Start.';

export function tableState(world: LocalWorld, pace: Pace): PageTableState {
  return {
    guild: { id: world.guildId, name: world.loopback.control.defaultGuild.name },
    defaultChannelId: world.channelId,
    bot: pageUser(world.bot, false),
    users: world.humans().map((u) => pageUser(u, world.isManager(u.id))),
    hint: HINT,
    pace: pace.get(),
  };
}
