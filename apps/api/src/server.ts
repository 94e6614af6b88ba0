// The process entry point (`node dist/server.js`, or `tsx src/server.ts` in dev): configuration,
// migrations, optional demo data, listen; and a graceful stop (close-with-grace): on SIGTERM or
// SIGINT the server stops accepting connections, answers the requests under way, closes the
// database and exits 0; past SHUTDOWN_TIMEOUT_SECONDS, or on a second signal, it exits 1. An
// uncaught exception or unhandled rejection is logged and closes the same way (exit 1).
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadDemoData } from './db/seed.js';
import { startDigestTimer } from './services/transfer-mail.js';
import { ConfigError, loadConfig } from './env.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  const { database } = app;

  closeWithGrace(
    {
      delay: config.shutdownTimeoutSeconds * 1000,
      logger: { error: (message: unknown) => app.log.error(message instanceof Error ? { err: message } : {}, String(message)) },
    },
    async ({ signal, err }) => {
      if (err) app.log.fatal({ err }, 'uncaught error: closing');
      else app.log.info('%s received: closing (requests under way are answered, new connections refused)', signal ?? 'exit');
      // app.close(): stop listening and close idle kept-alive connections, wait for the requests
      // under way, then the onClose hooks (database, mailer).
      await app.close();
      app.log.info('closed');
    },
  );

  try {
    app.log.info('database: %s (%s)', database.kind, database.location);
    await database.migrate();
    app.log.info('database migrated');
    if (config.demoData) {
      const loaded = await loadDemoData(app.db, { storage: app.storage, adminEmails: config.adminEmails, matching: config.matching });
      app.log.info(loaded ? 'demo data loaded' : 'demo data: nothing loaded');
    }
    await app.listen({ host: config.host, port: config.port });
    // Loads on their way: the receiving side's daily digest (safe with several processes).
    startDigestTimer(app);
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
