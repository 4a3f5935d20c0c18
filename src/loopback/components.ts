import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';
import { type FormPath, type FormProblem, fieldProblem, formatPath } from './errors.ts';

/** A string select's option as the bot sent it: nothing is trusted to be present or a string. */
export interface SelectOptionNode {
  readonly label: string;
  readonly value: string;
  readonly description?: string;
}

/**
 * A component seen structurally: the loopback walks rows, sections, containers and labels without
 * caring which of discord-api-types' many component interfaces a node is.
 */
export interface ComponentNode {
  readonly type: number;
  readonly id?: number;
  readonly custom_id?: string;
  readonly style?: number;
  readonly label?: string;
  readonly url?: string;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly min_values?: number;
  readonly max_values?: number;
  readonly placeholder?: string;
  readonly options?: readonly SelectOptionNode[];
  readonly components?: readonly ComponentNode[];
  readonly component?: ComponentNode;
  readonly accessory?: ComponentNode;
  /** A text display's markdown. */
  readonly content?: string;
  /** A media gallery's pictures. */
  readonly items?: readonly { readonly media?: MediaNode }[];
  /** A thumbnail's picture. */
  readonly media?: MediaNode;
  /** A file component's file. */
  readonly file?: MediaNode;
}

export interface MediaNode {
  readonly url?: string;
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

/** Discord's limit on the text of all text displays of one Components V2 message. */
export const MAX_V2_TEXT = 4000;

/**
 * What a reader sees as text: the content, then every text display in reading order (a Components V2
 * message has no content). Mentions are read from it, as Discord reads them from text displays.
 */
export function readableText(content: string, components: readonly unknown[]): string {
  const parts = content ? [content] : [];
  for (const node of walkComponents(components))
    if (node.type === ComponentType.TextDisplay && typeof node.content === 'string') parts.push(node.content);
  return parts.join('\n');
}

/** Every `attachment://name` a message's components show, with where it sits. */
export function attachmentReferences(
  list: readonly unknown[],
  base: FormPath,
): { name: string; path: FormPath }[] {
  const found: { name: string; path: FormPath }[] = [];
  const take = (media: MediaNode | undefined, path: FormPath) => {
    const url = media?.url;
    if (typeof url === 'string' && url.startsWith(ATTACHMENT_SCHEME))
      found.push({ name: url.slice(ATTACHMENT_SCHEME.length), path });
  };
  for (const { node, path } of walkWithPaths(list, base)) {
    for (const [i, item] of (node.items ?? []).entries())
      take(item?.media, [...path, 'items', i, 'media', 'url']);
    take(node.media, [...path, 'media', 'url']);
    take(node.file, [...path, 'file', 'url']);
  }
  return found;
}

export const ATTACHMENT_SCHEME = 'attachment://';

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

/** Like `walkComponents`, with each node's path in the body (`components[0].components[1]`). */
function* walkWithPaths(
  list: readonly unknown[],
  base: FormPath,
): Generator<{ node: ComponentNode; path: FormPath }> {
  for (const [i, item] of list.entries()) yield* walkNode(item, [...base, i]);
}

function* walkNode(item: unknown, path: FormPath): Generator<{ node: ComponentNode; path: FormPath }> {
  if (typeof item !== 'object' || item === null) return;
  const node = item as ComponentNode;
  yield { node, path };
  if (node.components) yield* walkWithPaths(node.components, [...path, 'components']);
  if (node.component) yield* walkNode(node.component, [...path, 'component']);
  if (node.accessory) yield* walkNode(node.accessory, [...path, 'accessory']);
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
 * 100 characters, duplicate ids, more than 5 rows or 5 buttons per row, and select menus (see
 * `checkSelect`). `base` is where the components sit in the body: `['data', 'components']` in an
 * interaction callback, as Discord reports it.
 */
export function validateMessageComponents(
  list: readonly unknown[],
  flags: number,
  problems: FormProblem[],
  base: FormPath = ['components'],
): void {
  const v2 = (flags & MessageFlags.IsComponentsV2) !== 0;
  const entries = [...walkWithPaths(list, base)];
  const at = formatPath(base);
  if (v2) {
    if (entries.length > 40)
      problems.push(`${at}: at most 40 components in a message, got ${entries.length}`);
    // Discord counts the text of every text display, sections' and containers' included, against one budget.
    const text = entries.reduce(
      (sum, { node }) =>
        sum +
        (node.type === ComponentType.TextDisplay && typeof node.content === 'string'
          ? node.content.length
          : 0),
      0,
    );
    if (text > MAX_V2_TEXT)
      problems.push(
        `${at}: at most ${MAX_V2_TEXT} characters of text in a message's text displays, got ${text}`,
      );
    // A row keeps its limits wherever it sits: top level, or inside a container.
    for (const { node, path } of entries)
      if (node.type === ComponentType.ActionRow) validateRow(node, formatPath(path), problems);
  } else {
    if (list.length > 5) problems.push(`${at}: at most 5 action rows, got ${list.length}`);
    list.forEach((row, i) => {
      const node = row as ComponentNode;
      if (node.type !== ComponentType.ActionRow) {
        problems.push(`${at}[${i}]: only action rows may be top-level without the IsComponentsV2 flag`);
        return;
      }
      validateRow(node, `${at}[${i}]`, problems);
    });
  }
  checkIdsAndSelects(entries, at, problems);
}

export function validateRow(row: ComponentNode, at: string, problems: FormProblem[]): void {
  const children = row.components ?? [];
  if (children.length === 0) problems.push(`${at}: an action row needs at least one component`);
  const buttons = children.filter((c) => c.type === ComponentType.Button).length;
  const selects = children.filter((c) => isSelect(c.type)).length;
  if (buttons > 5) problems.push(`${at}: at most 5 buttons in a row, got ${buttons}`);
  if (selects > 0 && children.length > 1) problems.push(`${at}: a select menu must be alone in its row`);
}

function checkIdsAndSelects(
  entries: readonly { node: ComponentNode; path: FormPath }[],
  at: string,
  problems: FormProblem[],
): void {
  const seen = new Set<string>();
  for (const { node, path } of entries) {
    const needsId =
      node.type === ComponentType.Button
        ? node.style !== ButtonStyle.Link && node.style !== ButtonStyle.Premium
        : isSelect(node.type) || node.type === ComponentType.TextInput;
    // The specification leaves both optional; Discord requires one or the other by the button's style.
    if (needsId && (node.custom_id === undefined || node.custom_id === null || node.custom_id === '')) {
      problems.push(fieldProblem([...path, 'custom_id'], REQUIRED.code, REQUIRED.message));
    }
    if (node.type === ComponentType.Button && node.style === ButtonStyle.Link && !node.url) {
      problems.push(fieldProblem([...path, 'url'], REQUIRED.code, REQUIRED.message));
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
    if (isSelect(node.type)) checkSelect(node, path, problems);
  }
}

/** Discord's own wording for the limits a select menu breaks, so that errors read like Discord's. */
const maxLength = (max: number) => ({
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${max} or fewer in length.`,
});
const badLength = (min: number, max: number) => ({
  code: 'BASE_TYPE_BAD_LENGTH',
  message: `Must be between ${min} and ${max} in length.`,
});
const REQUIRED = { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
const DUPLICATE_VALUE = {
  code: 'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
  message: 'The specified option value is already used',
};

/**
 * A select menu's limits (https://discord.com/developers/docs/components/reference#string-select):
 * placeholder ≤ 150; min_values 0–25 and max_values 1–25 with min ≤ max; for a string select 1–25
 * options, each with a label and a value of 1–100 characters and a description ≤ 100, values unique,
 * and max_values no more than the options.
 */
function checkSelect(node: ComponentNode, path: FormPath, problems: FormProblem[]): void {
  const add = (field: FormPath, problem: { code: string; message: string }) =>
    problems.push(fieldProblem([...path, ...field], problem.code, problem.message));
  if (typeof node.placeholder === 'string' && node.placeholder.length > 150)
    add(['placeholder'], maxLength(150));
  const min = node.min_values ?? 1;
  const max = node.max_values ?? 1;
  const checkCount = (field: 'min_values' | 'max_values', value: number, floor: number) => {
    if (!Number.isInteger(value))
      add([field], { code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not int.` });
    else if (value < floor)
      add([field], {
        code: 'NUMBER_TYPE_MIN',
        message: `int value should be greater than or equal to ${floor}.`,
      });
    else if (value > 25)
      add([field], { code: 'NUMBER_TYPE_MAX', message: 'int value should be less than or equal to 25.' });
  };
  const before = problems.length;
  checkCount('min_values', min, 0);
  checkCount('max_values', max, 1);
  // Comparing counts only means something once each is in its range.
  const countsInRange = problems.length === before;
  if (countsInRange && min > max) {
    add(['min_values'], {
      code: 'BASE_TYPE_INVALID',
      message: `min_values (${min}) is more than max_values (${max}).`,
    });
  }
  if (node.type !== ComponentType.StringSelect) return;
  const options = Array.isArray(node.options) ? node.options : [];
  if (node.options === undefined) add(['options'], REQUIRED);
  else if (options.length < 1 || options.length > 25) add(['options'], badLength(1, 25));
  const values = new Set<string>();
  options.forEach((option, k) => {
    const text = (field: 'label' | 'value' | 'description', required: boolean) => {
      const value: unknown = option[field];
      if (value === undefined || value === null) {
        if (required) add(['options', k, field], REQUIRED);
      } else if (typeof value !== 'string') {
        add(['options', k, field], { code: 'BASE_TYPE_STRING', message: 'Must be a string.' });
      } else if (value.length > 100 || (required && value.length < 1)) {
        // A length with both ends names both, whichever was broken (Discord: a row's "between 1 and 5").
        add(['options', k, field], required ? badLength(1, 100) : maxLength(100));
      }
    };
    text('label', true);
    text('value', true);
    text('description', false);
    if (typeof option.value === 'string') {
      if (values.has(option.value)) add(['options', k], DUPLICATE_VALUE);
      values.add(option.value);
    }
  });
  if (countsInRange && options.length >= 1 && max > options.length) {
    add(['max_values'], {
      code: 'BASE_TYPE_INVALID',
      message: `max_values (${max}) is more than the ${options.length} option(s).`,
    });
  }
}

export function validateModal(
  data: { custom_id?: unknown; title?: unknown; components?: unknown },
  problems: FormProblem[],
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
  const entries = [...walkWithPaths(data.components, ['data', 'components'])];
  for (const node of data.components as ComponentNode[]) {
    if (node.type === ComponentType.ActionRow) validateRow(node, 'data.components', problems);
  }
  checkIdsAndSelects(entries, 'data.components', problems);
}
