// The process entry point (`node dist/server.js`, or `tsx src/server.ts` in dev): configuration,
// migrations, optional demo data, listen; and a graceful stop (close-with-grace): on SIGTERM or
// SIGINT the server stops accepting connections, answers the requests under way, closes the
// database and exits 0; past SHUTDOWN_TIMEOUT_SECONDS, or on a second signal, it exits 1. An
// uncaught exception or unhandled rejection is logged and closes the same way (exit 1).
import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadDemoData } from './db/seed.js';
import { startNotificationDigestTimer } from './services/notifications.js';
import { startDigestTimer } from './services/transfer-mail.js';
import { ConfigError, loadConfig } from './env.js';

/** Seconds since the process started (performance's origin), and the process's CPU seconds. */
function clock(): { wall: number; cpu: number } {
  const { user, system } = process.cpuUsage();
  return { wall: performance.now() / 1000, cpu: (user + system) / 1e6 };
}

async function main(): Promise<void> {
  // Each start-up phase's wall and CPU seconds, in one closing line (issue 23: `pnpm start`).
  const phases: string[] = [];
  let last = { wall: 0, cpu: 0 };
  const phase = (name: string) => {
    const now = clock();
    phases.push(`${name} ${(now.wall - last.wall).toFixed(2)} s (CPU ${(now.cpu - last.cpu).toFixed(2)}, ${Math.round(process.memoryUsage.rss() / 2 ** 20)} MiB)`);
    last = now;
  };
  phase('node and modules');
  const config = loadConfig();
  const app = await buildApp({ config });
  phase('app');
  if (app.database.openSeconds !== undefined) phases.push(`of which PGlite open (${app.database.origin}) ${app.database.openSeconds.toFixed(2)} s`);
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
    app.log.info('database: %s (%s)%s', database.kind, database.location, database.origin ? `, ${database.origin}` : '');
    await database.migrate();
    app.log.info('database migrated');
    phase('migrations');
    if (config.demoData) {
      const loaded = await loadDemoData(app.db, { storage: app.storage, adminEmails: config.adminEmails, matching: config.matching });
      app.log.info(loaded ? 'demo data loaded' : 'demo data: nothing loaded');
      phase('demo data');
    }
    await app.listen({ host: config.host, port: config.port });
    const ready = clock();
    const memory = process.memoryUsage();
    const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
    app.log.info(
      'ready %s s after the process started (CPU %s s): %s; resident %s MiB (JS heap %s, external %s)',
      ready.wall.toFixed(2),
      ready.cpu.toFixed(2),
      phases.join(', '),
      mib(memory.rss),
      mib(memory.heapTotal),
      mib(memory.external),
    );
    // Loads on their way: the receiving side's daily digest (safe with several processes).
    startDigestTimer(app);
    // Each user's daily summary of the notifications its preferences queued (issue 21).
    startNotificationDigestTimer(app);
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
