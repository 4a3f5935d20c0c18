import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';

/**
 * A component seen structurally: the loopback walks rows, sections, containers and labels without
 * caring which of discord-api-types' many component interfaces a node is.
 */
export interface ComponentNode {
  readonly type: number;
  readonly custom_id?: string;
  readonly style?: number;
  readonly label?: string;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly min_values?: number;
  readonly max_values?: number;
  readonly options?: readonly { readonly label: string; readonly value: string }[];
  readonly components?: readonly ComponentNode[];
  readonly component?: ComponentNode;
  readonly accessory?: ComponentNode;
}

const SELECTS = new Set<number>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

export function isSelect(type: number): boolean {
  return SELECTS.has(type);
}

export function* walkComponents(list: readonly unknown[]): Generator<ComponentNode> {
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const node = item as ComponentNode;
    yield node;
    if (node.components) yield* walkComponents(node.components);
    if (node.component) yield* walkComponents([node.component]);
    if (node.accessory) yield* walkComponents([node.accessory]);
  }
}

export function findComponent(list: readonly unknown[], customId: string): ComponentNode | undefined {
  for (const node of walkComponents(list)) if (node.custom_id === customId) return node;
  return undefined;
}

export function customIds(list: readonly unknown[]): string[] {
  return [...walkComponents(list)].flatMap((n) => (n.custom_id === undefined ? [] : [n.custom_id]));
}

/**
 * Discord's limits on message components: the ones a game UI hits first are custom ids over
 * 100 characters, duplicate ids, more than 5 rows or 5 buttons per row, and more than 25 options.
 */
export function validateMessageComponents(list: readonly unknown[], flags: number, problems: string[]): void {
  const v2 = (flags & MessageFlags.IsComponentsV2) !== 0;
  const nodes = [...walkComponents(list)];
  if (v2) {
    if (nodes.length > 40)
      problems.push(`components: at most 40 components in a message, got ${nodes.length}`);
  } else {
    if (list.length > 5) problems.push(`components: at most 5 action rows, got ${list.length}`);
    list.forEach((row, i) => {
      const node = row as ComponentNode;
      if (node.type !== ComponentType.ActionRow) {
        problems.push(`components[${i}]: only action rows may be top-level without the IsComponentsV2 flag`);
        return;
      }
      validateRow(node, `components[${i}]`, problems);
    });
  }
  checkIdsAndSelects(nodes, 'components', problems);
}

export function validateRow(row: ComponentNode, at: string, problems: string[]): void {
  const children = row.components ?? [];
  if (children.length === 0) problems.push(`${at}: an action row needs at least one component`);
  const buttons = children.filter((c) => c.type === ComponentType.Button).length;
  const selects = children.filter((c) => isSelect(c.type)).length;
  if (buttons > 5) problems.push(`${at}: at most 5 buttons in a row, got ${buttons}`);
  if (selects > 0 && children.length > 1) problems.push(`${at}: a select menu must be alone in its row`);
}

function checkIdsAndSelects(nodes: readonly ComponentNode[], at: string, problems: string[]): void {
  const seen = new Set<string>();
  for (const node of nodes) {
    const needsId =
      node.type === ComponentType.Button
        ? node.style !== ButtonStyle.Link && node.style !== ButtonStyle.Premium
        : isSelect(node.type) || node.type === ComponentType.TextInput;
    if (needsId && (node.custom_id === undefined || node.custom_id === '')) {
      problems.push(`${at}: a component of type ${node.type} needs a custom_id`);
    }
    if (node.custom_id !== undefined) {
      if (node.custom_id.length > 100) {
        problems.push(
          `${at}: custom_id "${node.custom_id.slice(0, 40)}…" is ${node.custom_id.length} characters (max 100)`,
        );
      }
      if (seen.has(node.custom_id)) problems.push(`${at}: custom_id "${node.custom_id}" is used twice`);
      seen.add(node.custom_id);
    }
    if (node.type === ComponentType.Button && node.label !== undefined && node.label.length > 80) {
      problems.push(`${at}: button label "${node.label.slice(0, 40)}…" is over 80 characters`);
    }
    if (node.type === ComponentType.StringSelect) {
      const count = node.options?.length ?? 0;
      if (count < 1 || count > 25)
        problems.push(`${at}: select "${node.custom_id}" needs 1 to 25 options, got ${count}`);
      for (const option of node.options ?? []) {
        if (option.label.length > 100 || option.value.length > 100) {
          problems.push(
            `${at}: select "${node.custom_id}" option "${option.label.slice(0, 40)}" is over 100 characters`,
          );
        }
      }
      if ((node.max_values ?? 1) > count) {
        problems.push(
          `${at}: select "${node.custom_id}" allows ${node.max_values} values but has ${count} options`,
        );
      }
    }
  }
}

export function validateModal(
  data: { custom_id?: unknown; title?: unknown; components?: unknown },
  problems: string[],
): void {
  if (typeof data.custom_id !== 'string' || data.custom_id.length < 1 || data.custom_id.length > 100) {
    problems.push('data.custom_id: a modal needs a custom_id of 1 to 100 characters');
  }
  if (typeof data.title !== 'string' || data.title.length < 1 || data.title.length > 45) {
    problems.push('data.title: a modal needs a title of 1 to 45 characters');
  }
  if (!Array.isArray(data.components) || data.components.length < 1 || data.components.length > 5) {
    problems.push('data.components: a modal needs 1 to 5 top-level components');
    return;
  }
  const nodes = [...walkComponents(data.components)];
  for (const node of data.components as ComponentNode[]) {
    if (node.type === ComponentType.ActionRow) validateRow(node, 'data.components', problems);
  }
  checkIdsAndSelects(nodes, 'data.components', problems);
}
