/**
 * zod's issues for a refused body, turned into the field problems Discord answers in a 50035's `errors`
 * tree: the same paths, Discord's codes and wording (`BASE_TYPE_MAX_LENGTH` "Must be 25 or fewer in
 * length.", `NUMBER_TYPE_COERCE` 'Value "abc" is not snowflake.'…).
 *
 * A union that matched nothing (a component, a callback) is where Discord is cleverer than zod: it
 * picks the branch the value's `type` names and reports the inner field. So does this: a branch whose
 * `type` literal (or whose kind of value: object, string, number) does not fit the value is set aside,
 * and when one branch is left its issues are reported under the union's path. When none or several
 * are left, the union itself is reported, with `UNION_TYPE_CHOICES`.
 */
import { type FieldProblem, type FormPath, fieldProblem } from '../errors.ts';

/** The part of a zod (v4) issue this reads; the issues come from `safeParse(…, { reportInput: true })`. */
export interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly input?: unknown;
  readonly expected?: string;
  readonly values?: readonly unknown[];
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly format?: string;
  readonly pattern?: string;
  readonly errors?: readonly (readonly ZodIssueLike[])[];
}

/** The part of a zod schema this reads, to find both bounds of a length (`Must be between 1 and 100`). */
export interface ZodSchemaLike {
  readonly _zod: {
    readonly def: { readonly type: string } & Readonly<Record<string, unknown>>;
    readonly bag: Readonly<Record<string, unknown>>;
  };
}

/** A snowflake in the specification: `SnowflakeTypeSchema`, a string of digits. */
const SNOWFLAKE_PATTERN = '/^(0|[1-9][0-9]*)$/';

/** `schema` and `body` (what was checked) let a length name both its ends; without them it names the one broken. */
export function discordProblems(
  issues: readonly ZodIssueLike[],
  schema?: ZodSchemaLike,
  body?: unknown,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  collect(issues, [], schema, body, problems);
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path.join('.')}\u0000${p.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function collect(
  issues: readonly ZodIssueLike[],
  base: FormPath,
  schema: ZodSchemaLike | undefined,
  value: unknown,
  out: FieldProblem[],
): void {
  for (const issue of issues) {
    const path: FormPath = [...base, ...issue.path.map(formKey)];
    if (issue.code === 'invalid_union') {
      const union = schema && schemaAt(schema, issue.path, value);
      const options = union?._zod.def.type === 'union' ? (union._zod.def.options as ZodSchemaLike[]) : [];
      const branch = bestBranch(issue.errors ?? []);
      if (branch !== null) collect(issue.errors?.[branch] ?? [], path, options[branch], issue.input, out);
      else out.push(fieldProblem(path, 'UNION_TYPE_CHOICES', unionMessage(issue.errors ?? [])));
      continue;
    }
    const { code, message } = describe(issue, schema && schemaAt(schema, issue.path, value));
    out.push(fieldProblem(path, code, message));
  }
}

/**
 * The one branch whose `type` (and kind of value) fits, or null. Several that fit are still one answer
 * when they say the same thing (two message shapes that both find `allowed_mentions.users.0` wrong).
 */
function bestBranch(branches: readonly (readonly ZodIssueLike[])[]): number | null {
  const fitting = branches.flatMap((issues, index) => (issues.some(misfit) ? [] : [index]));
  if (fitting.length === 1) return fitting[0] ?? null;
  if (fitting.length === 0) return null;
  const said = fitting.map((index) =>
    JSON.stringify(discordProblems(branches[index] ?? []).map((p) => [p.path, p.code])),
  );
  return said.every((s) => s === said[0]) ? (fitting[0] ?? null) : null;
}

/** An issue that says the value is not this branch at all: another `type`, or another kind of value. */
function misfit(issue: ZodIssueLike): boolean {
  if (issue.code === 'invalid_type' && issue.path.length === 0) return true;
  return issue.code === 'invalid_value' && issue.path.length === 1 && issue.path[0] === 'type';
}

function unionMessage(branches: readonly (readonly ZodIssueLike[])[]): string {
  const types = branches.flatMap((issues) =>
    issues.filter((i) => i.code === 'invalid_value' && i.path.length === 1 && i.path[0] === 'type'),
  );
  if (types.length === branches.length && branches.length > 0) {
    const values = [...new Set(types.flatMap((i) => i.values ?? []))].sort((a, b) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
    );
    return `Value of field "type" must be one of (${values.map(show).join(', ')}).`;
  }
  return 'Value does not match any of the allowed types.';
}

function describe(issue: ZodIssueLike, schema: ZodSchemaLike | undefined): { code: string; message: string } {
  const sized = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue);
    case 'too_big':
    case 'too_small': {
      if (!sized) {
        return issue.code === 'too_big'
          ? {
              code: 'NUMBER_TYPE_MAX',
              message: `int value should be less than or equal to ${issue.maximum}.`,
            }
          : {
              code: 'NUMBER_TYPE_MIN',
              message: `int value should be greater than or equal to ${issue.minimum}.`,
            };
      }
      // A length with both ends is reported with both, whichever was broken: "Must be between 1 and 5 in length."
      const { minimum, maximum } = lengthBounds(schema, issue.origin);
      if (minimum !== undefined && minimum > 0 && maximum !== undefined)
        return {
          code: 'BASE_TYPE_BAD_LENGTH',
          message: `Must be between ${minimum} and ${maximum} in length.`,
        };
      return issue.code === 'too_big'
        ? { code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${issue.maximum} or fewer in length.` }
        : { code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${issue.minimum} or more in length.` };
    }
    case 'invalid_value':
      return {
        code: 'BASE_TYPE_CHOICES',
        message: `Value must be one of {${(issue.values ?? []).map(show).join(', ')}}.`,
      };
    case 'invalid_format':
      if (issue.pattern === SNOWFLAKE_PATTERN)
        return { code: 'NUMBER_TYPE_COERCE', message: `Value "${String(issue.input)}" is not snowflake.` };
      if (issue.format === 'url') return { code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' };
      return { code: 'BASE_TYPE_INVALID', message: `Invalid ${issue.format ?? 'format'}.` };
    default:
      return { code: 'BASE_TYPE_INVALID', message: issue.message };
  }
}

function wrongType(issue: ZodIssueLike): { code: string; message: string } {
  if (issue.input === undefined || (issue.input === null && issue.expected !== 'null'))
    return { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
  const value = typeof issue.input === 'object' ? JSON.stringify(issue.input) : String(issue.input);
  switch (issue.expected) {
    case 'string':
      return { code: 'BASE_TYPE_STRING', message: 'Must be a string.' };
    case 'int':
      return { code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not int.` };
    case 'number':
      return { code: 'NUMBER_TYPE_COERCE', message: `Value "${value}" is not a valid number.` };
    case 'boolean':
      return { code: 'BOOLEAN_TYPE_CONVERT', message: 'Must be either true or false.' };
    case 'array':
      return { code: 'LIST_TYPE_CONVERT', message: 'Only iterables may be used in a ListType' };
    case 'object':
      return { code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' };
    default:
      return { code: 'BASE_TYPE_INVALID', message: `Expected ${issue.expected ?? 'another type'}.` };
  }
}

/** Both ends of a length (`minLength`, `maxLength` checks), when the schema at the issue is known. */
function lengthBounds(
  schema: ZodSchemaLike | undefined,
  origin: string | undefined,
): { minimum?: number; maximum?: number } {
  if (schema === undefined) return {};
  const target = origin === undefined ? schema : (optionOfKind(schema, origin) ?? schema);
  const bounds: { minimum?: number; maximum?: number } = {};
  for (const check of (target._zod.def.checks ?? []) as { _zod: { def: Record<string, unknown> } }[]) {
    const def = check._zod.def;
    if (def.check === 'min_length' && typeof def.minimum === 'number') bounds.minimum = def.minimum;
    if (def.check === 'max_length' && typeof def.maximum === 'number') bounds.maximum = def.maximum;
  }
  return bounds;
}

/** A union reports its one non-failing-by-kind branch's issue at its own path (zod's own shortcut). */
function optionOfKind(schema: ZodSchemaLike, kind: string): ZodSchemaLike | undefined {
  const inner = unwrap(schema);
  if (inner._zod.def.type !== 'union') return inner;
  return (inner._zod.def.options as ZodSchemaLike[]).map(unwrap).find((o) => o._zod.def.type === kind);
}

/**
 * The schema at `path` below `schema`, through objects, arrays and wrappers, following `value` (the body
 * at `schema`) to pick a union's branch by its `type` literal or kind of value.
 */
function schemaAt(
  schema: ZodSchemaLike,
  path: readonly PropertyKey[],
  value: unknown,
): ZodSchemaLike | undefined {
  let node = unwrap(schema);
  let current = value;
  for (const key of path) {
    if (node._zod.def.type === 'union') {
      const options = (node._zod.def.options as ZodSchemaLike[]).map(unwrap);
      const fitting = options.find((option) => fits(option, current));
      if (fitting === undefined) return undefined;
      node = fitting;
    }
    const def = node._zod.def;
    current =
      typeof current === 'object' && current !== null
        ? (current as Record<PropertyKey, unknown>)[key]
        : undefined;
    if (def.type === 'object') {
      const next = (def.shape as Record<string, ZodSchemaLike>)[String(key)];
      if (next === undefined) return undefined;
      node = unwrap(next);
    } else if (def.type === 'array') {
      node = unwrap(def.element as ZodSchemaLike);
    } else {
      return undefined;
    }
  }
  return node;
}

/** Whether a union's branch is the one for `value`: its kind of value, and its `type` literal if it has one. */
function fits(option: ZodSchemaLike, value: unknown): boolean {
  const def = option._zod.def;
  if (def.type === 'array') return Array.isArray(value);
  if (def.type !== 'object') return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const type = (def.shape as Record<string, ZodSchemaLike | undefined>).type;
  if (type === undefined) return true;
  const literal = unwrap(type)._zod.def;
  return (
    literal.type !== 'literal' || (literal.values as unknown[]).includes((value as { type?: unknown }).type)
  );
}

function unwrap(schema: ZodSchemaLike): ZodSchemaLike {
  let node = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = node._zod.def;
    if (def.type === 'lazy') node = (def.getter as () => ZodSchemaLike)();
    else if (def.type === 'pipe') node = def.in as ZodSchemaLike;
    else if (['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly'].includes(def.type))
      node = def.innerType as ZodSchemaLike;
    else return node;
  }
  return node;
}

function formKey(key: PropertyKey): string | number {
  return typeof key === 'number' ? key : String(key);
}

/** How Discord prints a choice: `{'users', 'roles', 'everyone'}`, `{1, 2, 3}`. */
function show(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}
