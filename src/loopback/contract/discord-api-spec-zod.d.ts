/**
 * `discord-api-spec/zod` ships JavaScript only (its `types` condition points at the .js file): each export
 * is a zod-mini schema, `<Name>Schema` for the type `Paths` calls `<Name>`. `request-check.ts` and
 * `answer-check.ts` read it as a table and type what they use themselves; each checks that a name it
 * needs exists.
 */
declare module 'discord-api-spec/zod' {
  const schemas: Readonly<Record<string, unknown>>;
  export = schemas;
}
