import type { InteractionEvent, InteractionKind } from './interaction-record.ts';
import type { LoopbackAttachment, LoopbackChannel, LoopbackGuild, LoopbackMessage } from './model-types.ts';

/**
 * The JSON shapes of the HTTP control API. Sets become arrays, Maps objects, bigints strings, and
 * attachment bytes are fetched from their `url` (or inlined as base64 when asked with `bytes=1`).
 */
export type WireAttachment = Omit<LoopbackAttachment, 'bytes'> & { readonly base64?: string };
export type WireMessage = Omit<LoopbackMessage, 'attachments'> & {
  readonly attachments: readonly WireAttachment[];
};
export type WireChannel = Omit<LoopbackChannel, 'memberIds' | 'botDeny'> & {
  readonly memberIds: readonly string[];
  readonly botDeny: string;
};
export type WireGuild = Omit<LoopbackGuild, 'members'> & {
  readonly members: Readonly<Record<string, number>>;
};

export interface WireInteraction {
  readonly id: string;
  readonly kind: InteractionKind;
  readonly label: string;
  readonly userId: string;
  readonly channelId: string;
  readonly acknowledgement: number | null;
  readonly failed: boolean;
  readonly events: readonly InteractionEvent[];
  readonly original: WireMessage | null;
  readonly followUps: readonly WireMessage[];
}

export type WaitTarget = 'ack' | 'reply' | 'modal' | 'choices' | 'follow-up';

export type InteractionRequest =
  | {
      readonly kind: 'slash';
      readonly as: string;
      readonly command: string;
      readonly options?: Readonly<Record<string, string | number | boolean>>;
      readonly channelId?: string;
    }
  | {
      readonly kind: 'autocomplete';
      readonly as: string;
      readonly command: string;
      readonly options: Readonly<Record<string, string | number | boolean>>;
      readonly focused: string;
      readonly channelId?: string;
    }
  | { readonly kind: 'click'; readonly as: string; readonly messageId: string; readonly customId: string }
  | {
      readonly kind: 'select';
      readonly as: string;
      readonly messageId: string;
      readonly customId: string;
      readonly values: readonly string[];
    }
  | {
      readonly kind: 'modal';
      readonly as: string;
      readonly interactionId: string;
      readonly values: Readonly<Record<string, string | readonly string[]>>;
    };

export function toWire(value: unknown, includeBytes = false): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v instanceof Set) return [...v];
    if (v instanceof Map) return Object.fromEntries(v);
    if (v instanceof Uint8Array) return undefined;
    if (includeBytes && isAttachment(v)) return { ...v, base64: Buffer.from(v.bytes).toString('base64') };
    return v;
  });
}

function isAttachment(value: unknown): value is LoopbackAttachment {
  return typeof value === 'object' && value !== null && 'bytes' in value && value.bytes instanceof Uint8Array;
}
