import { defineConfig } from 'drizzle-kit';

// The schema is filled in by the game store; migrations are generated into src/store/migrations.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './src/store/migrations',
});
