/**
 * Checks a REST request's body against the request schema Discord's specification (`discord-api-spec`)
 * gives its route and method, as Discord does before anything else: a violation is Discord's 400
 * 50035 "Invalid Form Body", with the `errors` tree naming each field. Objects are not strict: Discord
 * ignores fields it does not know (a `tts` on an edit).
 * The schemas are imported once, before the server listens (`spec-schemas.ts`).
 */
import { type DiscordError, discordErrors, type FieldProblem } from '../errors.ts';
import { SPEC_ROUTES, type SpecBody } from './spec-routes.ts';
import { loadSpecSchemas } from './spec-schemas.ts';
import type { ContractViolation } from './violations.ts';
import { discordProblems, type ZodIssueLike, type ZodSchemaLike } from './zod-to-discord-errors.ts';

interface CheckableSchema extends ZodSchemaLike {
  safeParse(
    value: unknown,
    params: { reportInput: boolean },
  ): { success: true } | { success: false; error: { issues: readonly ZodIssueLike[] } };
}

interface Loaded {
  readonly schemas: Readonly<Record<string, unknown>>;
  readonly z: typeof import('zod/mini');
}

let loading: Promise<Loaded> | undefined;
const built = new Map<string, CheckableSchema | null>();

function load(): Promise<Loaded> {
  loading ??= Promise.all([loadSpecSchemas(), import('zod/mini')]).then(([schemas, z]) => ({ schemas, z }));
  return loading;
}

/** Loads the specification's schemas, once per process. */
export async function loadSpecification(): Promise<void> {
  await load();
}

/** The zod schema `Paths` names `name`: `MessageCreateRequest` is `MessageCreateRequestSchema`. */
export function specSchema(schemas: Readonly<Record<string, unknown>>, name: string): CheckableSchema {
  const schema = schemas[`${name}Schema`];
  if (typeof schema !== 'object' || schema === null || !('safeParse' in schema)) {
    throw new Error(`discord-api-spec/zod has no ${name}Schema`);
  }
  return schema as CheckableSchema;
}

function schemaFor(route: string, body: SpecBody, loaded: Loaded): CheckableSchema | null {
  const cached = built.get(route);
  if (cached !== undefined) return cached;
  const { schemas, z } = loaded;
  let schema: CheckableSchema | null = null;
  if (body.kind === 'list-of') {
    schema = z.nullable(z.array(specSchema(schemas, body.type) as never)) as unknown as CheckableSchema;
  } else if (body.kind === 'one-of') {
    const options = body.types.map((name) => specSchema(schemas, name));
    schema =
      options.length === 1 && options[0] !== undefined
        ? options[0]
        : (z.union(options as never) as unknown as CheckableSchema);
  }
  built.set(route, schema);
  return schema;
}

/**
 * The problems the specification finds in `json`, the body of `route` (a `routeName()`); none for a
 * route without a body in the specification, or a request without one. `null` when nothing was checked.
 */
export async function checkRequestBody(route: string, json: unknown): Promise<FieldProblem[] | null> {
  const spec = SPEC_ROUTES[route];
  if (spec === undefined)
    throw new Error(`${route} is not mapped to the specification (contract/spec-routes.ts)`);
  if (spec.body.kind === 'none' || json === undefined) return null;
  const schema = schemaFor(route, spec.body, await load());
  if (schema === null) return null;
  const result = schema.safeParse(json, { reportInput: true });
  return result.success ? [] : discordProblems(result.error.issues, schema, json);
}

/** Throws Discord's 50035 for the problems, if any. */
export function refuse(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw discordErrors.invalidFormBody(problems);
}

/**
 * The violations a 50035 answer carries, one per field problem (`components.0.components.0.style`,
 * `BASE_TYPE_CHOICES`), or one for the body when it names no field; none for another answer.
 */
export function violationsOf(route: string, error: DiscordError): ContractViolation[] {
  if (error.code !== 50035) return [];
  const found: ContractViolation[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '_errors' && Array.isArray(value)) {
        for (const entry of value as { code?: unknown; message?: unknown }[]) {
          const freeForm = entry.code === 'BASE_TYPE_INVALID' && path.length === 0;
          const rule = freeForm ? String(entry.message) : String(entry.code);
          found.push({ direction: 'request', route, field: path.join('.'), rule });
        }
      } else walk(value, [...path, key]);
    }
  };
  walk(error.errors, []);
  if (found.length === 0) found.push({ direction: 'request', route, field: '', rule: error.message });
  return found;
}
