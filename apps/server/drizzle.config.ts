import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-accounts.ts',
    './src/db/schema-talent.ts',
    './src/db/schema-ai-hiring.ts',
    './src/db/schema-money.ts',
    './src/db/schema-work-sample.ts',
    './src/db/schema-platform.ts',
    './src/db/schema-hiring.ts',
  ],
  out: './drizzle',
});
