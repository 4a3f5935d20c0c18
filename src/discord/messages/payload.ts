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

export function select(
  customId: string,
  placeholder: string,
  options: APISelectMenuOption[],
): APIStringSelectComponent {
  return {
    type: ComponentType.StringSelect,
    custom_id: customId,
    placeholder: clip(placeholder, 150),
    min_values: 1,
    max_values: 1,
    options: options.slice(0, 25).map((o) => ({
      ...o,
      label: clip(o.label, 100),
      ...(o.description ? { description: clip(o.description, 100) } : {}),
    })),
  };
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
