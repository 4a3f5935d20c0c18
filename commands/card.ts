import { MessageFlags } from 'discord.js';
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';
import type { AdapterSet } from '../src/adapters/adapter-set.ts';
import type { AnyAdapter } from '../src/adapters/game-adapter.ts';
import { replyPrivately, say } from '../src/discord/handlers/replies.ts';
import { userLanguage } from '../src/discord/language.ts';
import type { SlashCommand } from '../src/discord/slash-command.ts';

interface Found {
  adapter: AnyAdapter;
  id: string;
  name: string;
  aliases: readonly string[];
}

/** Every hosted game's cards, the default game's first, named in `language` (aliases: other languages). */
function allCards(adapters: AdapterSet, language: string): Found[] {
  return adapters.list.flatMap((adapter) => adapter.cards.list(language).map((c) => ({ adapter, ...c })));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

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
      const language = userLanguage(i);
      const typed = fold(name);
      // Nothing typed (a client that sends an empty name, or only spaces) is a missing name, not a card.
      if (typed === '') return say(i, 'card.no-name');
      // A picked suggestion sends the id; a name typed in full, in any language, is found too.
      const card = allCards(rt.tables.adapters, language).find(
        (c) => c.id === name.trim() || [c.name, ...c.aliases].some((n) => fold(n) === typed),
      );
      if (!card) return say(i, 'card.not-found', { name });
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      return replyPrivately(i, card.adapter.cards.show(card.id, language));
    },
    async autocomplete(rt, i) {
      const language = userLanguage(i);
      const typed = fold(i.options.getFocused());
      // Names in the reader's language first; a card found only by another language's name shows both.
      const ranked = allCards(rt.tables.adapters, language).flatMap((c) => {
        const own = fold(c.name);
        if (own.includes(typed)) return [{ c, label: c.name, rank: own.startsWith(typed) ? 0 : 1 }];
        const alias = c.aliases.find((a) => fold(a).includes(typed));
        return alias ? [{ c, label: `${c.name} (${alias})`, rank: 2 }] : [];
      });
      const matches = ranked
        .sort((a, b) => a.rank - b.rank || a.label.localeCompare(b.label, language))
        .slice(0, 25);
      await i.respond(matches.map(({ c, label }) => ({ name: label.slice(0, 100), value: c.id })));
    },
  };
}
