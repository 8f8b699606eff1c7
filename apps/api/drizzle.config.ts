import { defineConfig } from 'drizzle-kit';

// Only `generate` is run through the CLI: its PGlite driver cannot load pg_trgm, so the app
// applies migrations itself (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
