/**
 * `discord-api-spec/zod` ships JavaScript only (its `types` points at the .js file). `answer-check.ts` reads
 * it as a table of `<TypeName>Schema` values and types what it uses itself.
 */
declare module 'discord-api-spec/zod';
