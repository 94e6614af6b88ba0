// The app factory: everything but listening. Tests build as many apps as they like, each with
// its own config and (optionally) a shared database; src/server.ts builds one and listens.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/index.js';
import type { Config } from './env.js';
import configPlugin from './plugins/app/config.js';
import databasePlugin from './plugins/app/database.js';
import authPlugin from './plugins/app/auth.js';
import mailerPlugin from './plugins/app/mailer.js';
import problemsPlugin from './plugins/app/problems.js';
import corsPlugin from './plugins/external/cors.js';
import devRoutes from './routes/dev/index.js';
import healthRoutes from './routes/health/index.js';
import apiV1Routes from './routes/index.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests share one per file). Omitted: the app opens, and closes, its own. */
  database?: Database;
}

export async function buildApp({ config, database }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // CONTRACT §4: a trailing slash is optional on every path (`/inquiries` = `/inquiries/`).
    routerOptions: { ignoreTrailingSlash: true },
  });

  // Order matters: the error handler and CORS hooks must exist before any route.
  await app.register(configPlugin, { config });
  await app.register(problemsPlugin);
  await app.register(corsPlugin);
  await app.register(databasePlugin, database ? { database } : {});
  await app.register(mailerPlugin);
  await app.register(authPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  if (!config.isProduction && app.mailer.outbox) await app.register(devRoutes, { prefix: '/api/dev' });
  await app.register(apiV1Routes, { prefix: '/api/v1' });

  return app;
}
