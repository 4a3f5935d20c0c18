import { type ButtonInteraction, MessageFlags, type StringSelectMenuInteraction } from 'discord.js';
import { type APIMessageTopLevelComponent, ComponentType } from 'discord-api-types/v10';
import { decodeCustomId } from '../table-kit/custom-id.ts';

/** The component kinds Scarab sends: buttons and string selects. */
export type Click = ButtonInteraction | StringSelectMenuInteraction;

/** Every custom_id on a message: in rows, containers, and a section's accessory. */
function customIdsOf(components: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  const visit = (c: unknown) => {
    if (!c || typeof c !== 'object') return;
    const node = c as { custom_id?: unknown; components?: unknown[]; accessory?: unknown; type?: number };
    if (typeof node.custom_id === 'string' && node.type !== ComponentType.TextInput) ids.add(node.custom_id);
    if (Array.isArray(node.components)) for (const child of node.components) visit(child);
    if (node.accessory) visit(node.accessory);
  };
  for (const c of components) visit(c);
  return ids;
}

/** An id without its version: a board edited while someone clicks it still carries the same control. */
function control(id: string): string {
  const d = decodeCustomId(id);
  return d ? `${d.scope}:${d.gameId}:${d.verb}:${d.arg}` : id;
}

/**
 * Discord does not promise that a clicked custom_id is one of the clicked message's components: a
 * modified client can send any id on any message it can see. A click is only trusted with the
 * message it arrived on when the message really carries that control (in any version of it: a stale
 * version is the handlers' to refuse, with a fresh hand).
 */
export function clickIsOnMessage(i: Click): boolean {
  const raw = i.message.components.map((c) => c.toJSON() as APIMessageTopLevelComponent);
  const ids = customIdsOf(raw);
  if (ids.has(i.customId)) return true;
  const wanted = control(i.customId);
  for (const id of ids) if (control(id) === wanted) return true;
  return false;
}

/** Private messages (hands, DMs' hands are not ephemeral but are the user's own) may be redrawn in place. */
export const isEphemeral = (i: Click): boolean => i.message.flags.has(MessageFlags.Ephemeral);
