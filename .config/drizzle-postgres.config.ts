import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, beside SQLite's (drizzle.config.ts): `npm run db:generate` generates both.
// Paths are relative to the repository's root, where npm runs drizzle-kit.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/pg-schema.ts',
  out: './src/store/migrations-pg',
});
