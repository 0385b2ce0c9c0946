import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config/env';
import { fillFromTemplate } from './db/template-copy';

async function main() {
  const started = performance.now();
  // A .env file in the working directory is optional; real environment variables win.
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  fs.mkdirSync(config.dataDir, { recursive: true });
  // A first start copies the embedded database template in a worker thread while the app's modules
  // load below: the two used to run one after the other (decision 0241). openDatabase waits for it.
  if (!config.DATABASE_URL) void fillFromTemplate(path.join(config.dataDir, 'pgdata')).catch(() => {});
  const [{ openDatabase }, { buildApp }, { ensureAdmin }, { seedSampleJobs }, { warmUpUnderstanding }] =
    await Promise.all([
      import('./db/client'),
      import('./app'),
      import('./accounts'),
      import('./jobs'),
      import('./interview'),
    ]);
  const [{ installProcessGuards }, { drainAndClose }] = await Promise.all([
    import('./lib/process-guards'),
    import('./cluster/shutdown'),
  ]);

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
  // Off the path to healthy: the interview's language model (a third of a second of loading that
  // holds the event loop) is loaded a moment after the first requests can be answered, well before
  // an interview could need it (decision 0241).
  setTimeout(warmUpUnderstanding, 1000).unref();
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
