/**
 * Discord's specification as zod schemas (`discord-api-spec/zod`: `<TypeName>Schema` for every type), for
 * both the request and the answer check. Importing it takes about a second (several on a busy machine),
 * so it is imported once per process, when the first loopback starts: a first request that waited for it
 * could outlast its client's timeout.
 */
export type SpecSchemas = Readonly<Record<string, unknown>>;

let loading: Promise<SpecSchemas> | null = null;

export function loadSpecSchemas(): Promise<SpecSchemas> {
  loading ??= import('discord-api-spec/zod') as Promise<SpecSchemas>;
  return loading;
}
