import { MessageFlags } from 'discord.js';
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import type { AnyAdapter } from '../src/adapters/game-adapter.ts';
import { replyPrivately, tell } from '../src/discord/handlers/replies.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

interface Found {
  adapter: AnyAdapter;
  id: string;
  name: string;
}

/** Every hosted game's cards, the default game's first. */
function allCards(adapters: AdapterSet): Found[] {
  return adapters.list.flatMap((adapter) => adapter.cards.list().map((c) => ({ adapter, ...c })));
}

/** Looks up a card: its picture, action and numbers (provisional ones marked). */
export function cardCommand(adapters: AdapterSet): SlashCommand {
  const titles = adapters.list.map((a) => a.game.title).join(' or ');
  return {
    data: {
      name: 'card',
      description: `Show a card of ${titles}: what it does and its numbers`.slice(0, 100),
      contexts: [InteractionContextType.Guild, InteractionContextType.BotDM],
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'name',
          description: 'The card’s name: start typing and pick one',
          required: true,
          autocomplete: true,
        },
      ],
    },
    async execute(rt, i) {
      const name = i.options.getString('name', true);
      const t = name.trim().toLowerCase();
      const card = allCards(rt.tables.adapters).find((c) => c.id === t || c.name.toLowerCase() === t);
      if (!card)
        return tell(i, `There is no card called “${name}”. Start typing and pick one from the list.`);
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      return replyPrivately(i, card.adapter.cards.show(card.id));
    },
    async autocomplete(rt, i) {
      const typed = i.options.getFocused().toLowerCase();
      const matches = allCards(rt.tables.adapters)
        .filter((c) => c.name.toLowerCase().includes(typed))
        .sort(
          (a, b) =>
            Number(!a.name.toLowerCase().startsWith(typed)) -
              Number(!b.name.toLowerCase().startsWith(typed)) || a.name.localeCompare(b.name),
        )
        .slice(0, 25);
      await i.respond(matches.map((c) => ({ name: c.name, value: c.id })));
    },
  };
}
