import {
  type APIModalSubmissionComponent,
  ComponentType,
  type ModalSubmitComponent,
} from 'discord-api-types/v10';
import { type ComponentNode, isSelect } from './components.ts';
import type { World } from './model.ts';

export type ModalValues = Readonly<Record<string, string | readonly string[]>>;

/** Checks a choice in a select menu the way the Discord client limits it: count, options, users. */
export function checkSelection(
  component: ComponentNode,
  values: readonly string[],
  world: World,
  label: string,
): void {
  const min = component.min_values ?? 1;
  const max = component.max_values ?? 1;
  if (values.length < min || values.length > max) {
    throw new Error(
      `${label} takes ${min === max ? min : `${min} to ${max}`} value(s), got ${values.length}`,
    );
  }
  if (new Set(values).size !== values.length) throw new Error(`${label}: a value was chosen twice`);
  if (component.type === ComponentType.StringSelect) {
    const allowed = new Set((component.options ?? []).map((o) => o.value));
    const unknown = values.filter((v) => !allowed.has(v));
    if (unknown.length > 0) {
      throw new Error(
        `${label} has no option ${unknown.map((v) => `"${v}"`).join(', ')}; options: ${[...allowed].join(', ')}`,
      );
    }
  }
  if (component.type === ComponentType.UserSelect) {
    const unknown = values.filter((v) => world.user(v) === undefined);
    if (unknown.length > 0) throw new Error(`${label}: unknown users ${unknown.join(', ')}`);
  }
}

/** The submission mirrors the modal: rows of text inputs, labels wrapping one input, text displays. */
export function modalComponents(
  list: readonly ComponentNode[],
  values: ModalValues,
  label: string,
  world: World,
): APIModalSubmissionComponent[] {
  const used = new Set<string>();
  const field = (node: ComponentNode): ModalSubmitComponent => {
    const customId = node.custom_id ?? '';
    const value = values[customId];
    used.add(customId);
    const id = (node as { id?: number }).id;
    if (node.type === ComponentType.TextInput) {
      const text = value === undefined ? '' : typeof value === 'string' ? value : value.join(',');
      const input = node as ComponentNode & { min_length?: number; max_length?: number };
      if ((node.required ?? true) && text === '') throw new Error(`${label}: "${customId}" is required`);
      if (text !== '' && input.min_length !== undefined && text.length < input.min_length) {
        throw new Error(`${label}: "${customId}" needs at least ${input.min_length} characters`);
      }
      if (input.max_length !== undefined && text.length > input.max_length) {
        throw new Error(`${label}: "${customId}" takes at most ${input.max_length} characters`);
      }
      return {
        type: ComponentType.TextInput,
        custom_id: customId,
        value: text,
        ...(id !== undefined ? { id } : {}),
      };
    }
    if (isSelect(node.type)) {
      const chosen = value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
      if (chosen.length > 0 || (node.required ?? true))
        checkSelection(node, chosen, world, `${label} "${customId}"`);
      return {
        type: node.type,
        custom_id: customId,
        values: chosen,
        ...(id !== undefined ? { id } : {}),
      } as ModalSubmitComponent;
    }
    throw new Error(`${label}: component type ${node.type} is not simulated in modals`);
  };
  const out = list.map((node): APIModalSubmissionComponent => {
    const id = (node as { id?: number }).id;
    switch (node.type) {
      case ComponentType.ActionRow:
        return {
          type: ComponentType.ActionRow,
          ...(id !== undefined ? { id } : {}),
          components: (node.components ?? []).map(
            (c) => field(c) as Extract<ModalSubmitComponent, { type: ComponentType.TextInput }>,
          ),
        };
      case ComponentType.Label:
        if (!node.component) throw new Error(`${label}: a label without a component`);
        return {
          type: ComponentType.Label,
          ...(id !== undefined ? { id } : {}),
          component: field(node.component),
        } as APIModalSubmissionComponent;
      case ComponentType.TextDisplay:
        return {
          type: ComponentType.TextDisplay,
          ...(id !== undefined ? { id } : {}),
        } as APIModalSubmissionComponent;
      default:
        throw new Error(`${label}: top-level component type ${node.type} is not simulated in modals`);
    }
  });
  const unknown = Object.keys(values).filter((k) => !used.has(k));
  if (unknown.length > 0) throw new Error(`${label} has no input ${unknown.map((k) => `"${k}"`).join(', ')}`);
  return out;
}
