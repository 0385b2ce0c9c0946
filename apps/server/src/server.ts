import fs from 'node:fs';
import { ConfigError, loadConfig } from './config/env';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { ensureAdmin } from './accounts';
import { seedSampleJobs } from './jobs';
import { installProcessGuards } from './lib/process-guards';
import { drainAndClose } from './cluster/shutdown';

async function main() {
  const started = performance.now();
  // A .env file in the working directory is optional; real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
  const app = await buildApp({ config, database });
  installProcessGuards(app.log);
  if (config.SEED_SAMPLE_JOBS) {
    const seeded = await seedSampleJobs(database.db);
    if (seeded) app.log.info({ seeded }, 'seeded sample jobs into the empty database');
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const { timedOut } = await drainAndClose(app, {
      timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      closeDatabase: () => database.close(),
    });
    process.exit(timedOut ? 1 : 0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, dataDir: config.dataDir, startupMs: Math.round(performance.now() - started) },
    `ready on http://${config.HOST}:${config.PORT}`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
