// The process entry point (`node dist/server.js`, or `tsx src/server.ts` in dev): configuration,
// migrations, optional demo data, listen; closes cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { loadDemoData } from './db/seed.js';
import { ConfigError, loadConfig } from './env.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  const { database } = app;

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn('second %s: exiting now', signal);
      process.exit(1);
    }
    closing = true;
    app.log.info('%s received: closing', signal);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    // app.close() stops accepting connections, waits for in-flight requests, then closes the
    // database (onClose hook of the database plugin).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    app.log.info('database: %s (%s)', database.kind, database.location);
    await database.migrate();
    app.log.info('database migrated');
    if (config.demoData) {
      const loaded = await loadDemoData(app.db, { dataDir: config.dataDir, adminEmails: config.adminEmails });
      app.log.info(loaded ? 'demo data loaded' : 'demo data: nothing loaded');
    }
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
