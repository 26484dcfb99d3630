import { defineConfig } from 'drizzle-kit'

// `npx drizzle-kit generate` writes the SQL that server/db/migrate.ts applies at start. No credentials are needed to
// generate; the SQL must stay portable between PostgreSQL 15 and PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
