import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APISelectMenuOption,
  type APIStringSelectComponent,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';

/** A message as the adapter sends it; plain data so tests can inspect it without Discord. */
export interface Payload {
  content: string;
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files: { attachment: Buffer; name: string; description: string }[];
  /** Users this message may notify; everyone else mentioned is shown but not pinged. */
  mentionUsers: string[];
  /**
   * Sent as one card (a Components V2 container) with this accent colour, or none (null): the board,
   * the hand, the lobby, the results and the replays. Without it the parts stand on their own.
   */
  card?: { accent: number | null };
  /** Text after the pictures: what they do not say, or say only in colour. */
  details?: string;
  /** Choices paired with their button, each a section of the card (a card's name and action, and Buy). */
  sections?: PayloadSection[];
}

export interface PayloadSection {
  text: string;
  button: APIButtonComponent;
}

export const emptyPayload = (content: string): Payload => ({
  content,
  components: [],
  files: [],
  mentionUsers: [],
});

export type ActionButtonStyle =
  | ButtonStyle.Primary
  | ButtonStyle.Secondary
  | ButtonStyle.Success
  | ButtonStyle.Danger;

export function button(
  customId: string,
  label: string,
  style: ActionButtonStyle = ButtonStyle.Secondary,
  disabled = false,
): APIButtonComponent {
  return { type: ComponentType.Button, custom_id: customId, label: clip(label, 80), style, disabled };
}

/** Discord's limit of options in one select menu. */
export const MAX_OPTIONS = 25;

/** A select menu; more than 25 options is a bug of the caller (they would be lost), so it throws. */
export function select(
  customId: string,
  placeholder: string,
  options: APISelectMenuOption[],
  pick: { min: number; max: number } = { min: 1, max: 1 },
): APIStringSelectComponent {
  if (options.length > MAX_OPTIONS)
    throw new Error(`a select menu holds ${MAX_OPTIONS} options, not ${options.length} (${customId})`);
  return {
    type: ComponentType.StringSelect,
    custom_id: customId,
    placeholder: clip(placeholder, 150),
    min_values: pick.min,
    max_values: pick.max,
    options: options.map((o) => ({
      ...o,
      label: clip(o.label, 100),
      ...(o.description ? { description: clip(o.description, 100) } : {}),
    })),
  };
}

/**
 * Options beyond one menu's 25 are spread over several menus, one per row (a message has 5 rows), so
 * no choice is ever dropped. `id(k)` names the k-th menu; every menu means the same question.
 */
export function selectRows(
  id: (k: number) => string,
  placeholder: (k: number, count: number) => string,
  options: APISelectMenuOption[],
  maxRows = 5,
): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const count = Math.ceil(options.length / MAX_OPTIONS);
  if (count > maxRows) throw new Error(`${options.length} options do not fit in ${maxRows} select menus`);
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (let k = 0; k < count; k++)
    rows.push(
      row(select(id(k), placeholder(k, count), options.slice(k * MAX_OPTIONS, (k + 1) * MAX_OPTIONS))),
    );
  return rows;
}

export function row(
  ...components: APIComponentInMessageActionRow[]
): APIActionRowComponent<APIComponentInMessageActionRow> {
  return { type: ComponentType.ActionRow, components };
}

/** Splits buttons into rows of five (Discord's limit per row). */
export function buttonRows(
  buttons: APIButtonComponent[],
): APIActionRowComponent<APIComponentInMessageActionRow>[] {
  const rows: APIActionRowComponent<APIComponentInMessageActionRow>[] = [];
  for (let i = 0; i < buttons.length; i += 5) rows.push(row(...buttons.slice(i, i + 5)));
  return rows;
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export const mention = (userId: string): string => `<@${userId}>`;

/** A payload's words in reading order, as its message shows them: text, details, then each section's. */
export function readerText(p: Payload): string {
  return [p.content, p.details ?? '', ...(p.sections ?? []).map((s) => s.text)].filter((x) => x).join('\n');
}

/** Every button of a payload in reading order: the sections' first, then the rows'. */
export function payloadButtons(p: Payload): APIButtonComponent[] {
  return [
    ...(p.sections ?? []).map((s) => s.button),
    ...p.components.flatMap((r) => r.components.filter((c) => c.type === ComponentType.Button)),
  ];
}
