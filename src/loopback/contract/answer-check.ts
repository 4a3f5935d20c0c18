import { ANSWER_SCHEMAS, parseAnswerType } from './answer-schemas.ts';
import type { SpecSchemas } from './spec-schemas.ts';
import type { ContractDirection, ContractLog } from './violations.ts';

/**
 * Checks what the loopback answers and dispatches against Discord's published response schemas
 * (`discord-api-spec/zod`, zod-mini, non-strict: extra fields pass, a missing required field or a wrong type
 * does not). Every REST answer with a 2xx status is parsed with the schema its route and status have in the
 * specification (`answer-schemas.ts`); every object inside a gateway dispatch that the specification
 * describes (the message of MESSAGE_CREATE, the channel of CHANNEL_UPDATE, the guild, members, channels and
 * threads of GUILD_CREATE, the message, user, member and channel inside INTERACTION_CREATE…) with its REST
 * schema. Each problem is recorded in the server's `ContractLog` with the field's dotted path and the rule:
 * `required` for a field that is absent, `type: expected number` for a wrong type, and so on.
 *
 * The gateway is not in the specification: the interaction object itself, READY and THREAD_DELETE's partial
 * channel are only typed with discord-api-types in their builders (`interactions.ts`, `gateway.ts`).
 */

interface ZodIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly expected?: string;
  readonly values?: readonly unknown[];
  readonly errors?: readonly (readonly ZodIssue[])[];
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly message: string;
}

interface ZodSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly ZodIssue[] } };
}

type Path = readonly (string | number)[];
/** One object of a dispatch to check: where it sits in `d`, the specification's type names, the value. */
type DispatchPart = readonly [Path, string, unknown];

const CHANNEL_TYPES =
  'GuildChannelResponse | PrivateChannelResponse | PrivateGroupChannelResponse | ThreadResponse';

export class AnswerCheck {
  readonly #schemas: SpecSchemas;
  readonly #log: ContractLog;

  constructor(schemas: SpecSchemas, log: ContractLog) {
    this.#schemas = schemas;
    this.#log = log;
  }

  /** A REST answer: `route` is the loopback's route name (`POST /channels/:channelId/messages`). */
  answer(route: string, status: number, body: unknown): void {
    if (status < 200 || status >= 300) return;
    const entry = ANSWER_SCHEMAS[route];
    if (!entry) {
      this.#log.checked('answer');
      this.#log.record({ direction: 'answer', route, field: '', rule: 'no response schema mapped' });
      return;
    }
    const type = entry.responses[status];
    if (type === undefined) {
      this.#log.checked('answer');
      this.#log.record({
        direction: 'answer',
        route,
        field: '',
        rule: `status ${status} not in the specification`,
      });
      return;
    }
    if (type === null) return;
    this.#check('answer', route, [], type, body);
  }

  /** The `d` of a dispatch named `event` (`MESSAGE_CREATE`). */
  dispatch(event: string, data: unknown): void {
    for (const [path, type, value] of dispatchParts(event, data)) {
      if (value === undefined || value === null) continue;
      this.#check('dispatch', event, path, type, value);
    }
  }

  #check(direction: ContractDirection, route: string, at: Path, typeText: string, value: unknown): void {
    const { list, names } = parseAnswerType(typeText);
    if (list) {
      if (!Array.isArray(value)) {
        this.#log.checked(direction);
        this.#log.record({ direction, route, field: dotted(at), rule: 'type: expected array' });
        return;
      }
      value.forEach((item, index) => {
        this.#checkOne(direction, route, [...at, index], names, item);
      });
      return;
    }
    this.#checkOne(direction, route, at, names, value);
  }

  /** One object against one of `names` (the one it comes closest to, when the specification allows several). */
  #checkOne(
    direction: ContractDirection,
    route: string,
    at: Path,
    names: readonly string[],
    value: unknown,
  ): void {
    this.#log.checked(direction);
    let best: readonly ZodIssue[] | null = null;
    for (const name of names) {
      const schema = this.#schemas[`${name}Schema`] as ZodSchema | undefined;
      if (!schema) {
        this.#log.record({
          direction,
          route,
          field: dotted(at),
          rule: `no schema ${name}Schema in discord-api-spec`,
        });
        return;
      }
      const result = schema.safeParse(value);
      if (result.success) return;
      const issues = flatten(result.error?.issues ?? [], [], value);
      if (best === null || score(issues) < score(best)) best = issues;
    }
    for (const issue of best ?? []) {
      this.#log.record({
        direction,
        route,
        field: dotted([...at, ...issue.path.map(key)]),
        rule: rule(issue, value),
      });
    }
  }
}

function dispatchParts(event: string, data: unknown): DispatchPart[] {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const each = (field: string, type: string): DispatchPart[] =>
    Array.isArray(d[field])
      ? (d[field] as unknown[]).map((item, i) => [[field, i], type, item] as const)
      : [];
  switch (event) {
    case 'MESSAGE_CREATE':
    case 'MESSAGE_UPDATE':
      return [
        [[], 'MessageResponse', d],
        // The member of a message dispatch is partial: Discord leaves its user out (it is the author).
        ...(d.member
          ? [[['member'], 'GuildMemberResponse', { user: d.author, ...(d.member as object) }] as const]
          : []),
      ];
    case 'CHANNEL_CREATE':
    case 'CHANNEL_UPDATE':
    case 'CHANNEL_DELETE':
      return [[[], CHANNEL_TYPES, d]];
    case 'THREAD_CREATE':
    case 'THREAD_UPDATE':
      return [[[], 'ThreadResponse', d]];
    case 'GUILD_CREATE':
      return [
        [[], 'GuildResponse', d],
        ...each('members', 'GuildMemberResponse'),
        ...each('channels', CHANNEL_TYPES),
        ...each('threads', 'ThreadResponse'),
      ];
    case 'GUILD_UPDATE':
      return [[[], 'GuildResponse', d]];
    case 'GUILD_MEMBER_ADD':
    case 'GUILD_MEMBER_UPDATE':
      return [[[], 'GuildMemberResponse', d]];
    case 'GUILD_ROLE_CREATE':
      return [[['role'], 'GuildRoleResponse', d.role]];
    case 'GUILD_MEMBERS_CHUNK':
      return each('members', 'GuildMemberResponse');
    case 'READY':
      return [[['user'], 'UserResponse', d.user]];
    case 'INTERACTION_CREATE': {
      const resolved = (
        d.data as
          | { resolved?: { users?: Record<string, unknown>; roles?: Record<string, unknown> } }
          | undefined
      )?.resolved;
      return [
        [['message'], 'MessageResponse', d.message],
        [['user'], 'UserResponse', d.user],
        [['member'], 'GuildMemberResponse', d.member],
        [['channel'], CHANNEL_TYPES, d.channel],
        ...Object.entries(resolved?.users ?? {}).map(
          ([id, user]) => [['data', 'resolved', 'users', id], 'UserResponse', user] as const,
        ),
        ...Object.entries(resolved?.roles ?? {}).map(
          ([id, role]) => [['data', 'resolved', 'roles', id], 'GuildRoleResponse', role] as const,
        ),
      ];
    }
    default:
      return [];
  }
}

/** A union's issues replaced by those of the branch the value comes closest to, paths made whole. */
function flatten(issues: readonly ZodIssue[], prefix: readonly PropertyKey[], root: unknown): ZodIssue[] {
  const out: ZodIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors && issue.errors.length > 0) {
      let best: ZodIssue[] | null = null;
      for (const branch of issue.errors) {
        const flat = flatten(branch, path, root);
        if (best === null || score(flat) < score(best)) best = flat;
      }
      out.push(...(best ?? []));
    } else {
      out.push({ ...issue, path });
    }
  }
  return out;
}

/** A branch whose discriminator (`type`) does not match is further away than any number of missing fields. */
function score(issues: readonly ZodIssue[]): number {
  return issues.reduce((sum, issue) => {
    const last = issue.path[issue.path.length - 1];
    return sum + (issue.code === 'invalid_value' && last === 'type' ? 1000 : 1);
  }, 0);
}

function rule(issue: ZodIssue, root: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(root, issue.path) === undefined ? 'required' : `type: expected ${issue.expected ?? '?'}`;
    case 'invalid_value':
      if (valueAt(root, issue.path) === undefined) return 'required';
      return `value: expected one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `format: ${issue.format ?? '?'}`;
    case 'too_small':
      return `minimum ${String(issue.minimum)}`;
    case 'too_big':
      return `maximum ${String(issue.maximum)}`;
    default:
      return issue.code;
  }
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const step of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[step];
  }
  return value;
}

function key(step: PropertyKey): string | number {
  return typeof step === 'number' ? step : String(step);
}

function dotted(path: Path): string {
  return path.join('.');
}
