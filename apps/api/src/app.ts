// The app factory: everything but listening. Tests build as many apps as they like, each with
// its own config and (optionally) a shared database; src/server.ts builds one and listens.
import { JSON_BODY_LIMIT } from '@terres/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from './db/index.js';
import type { Config } from './env.js';
import { loggerOptions, REQUEST_ID_HEADER, RequestLog, requestId } from './logging.js';
import configPlugin from './plugins/app/config.js';
import databasePlugin from './plugins/app/database.js';
import type { HeavyWork } from './heavy/pool.js';
import heavyPlugin from './plugins/app/heavy.js';
import storagePlugin from './plugins/app/storage.js';
import authPlugin from './plugins/app/auth.js';
import mailerPlugin from './plugins/app/mailer.js';
import inputGuardPlugin from './plugins/app/input-guard.js';
import metricsPlugin from './plugins/app/metrics.js';
import problemsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/app/problems.js';
import compressionPlugin from './plugins/external/compression.js';
import corsPlugin from './plugins/external/cors.js';
import securityHeadersPlugin from './plugins/external/security-headers.js';
import devRoutes from './routes/dev/index.js';
import healthRoutes from './routes/health/index.js';
import contractRoutes from './routes/ops/contract.js';
import metricsRoutes from './routes/ops/metrics.js';
import apiV1Routes from './routes/index.js';

export interface BuildAppOptions {
  config: Config;
  /** An open database (tests share one per file). Omitted: the app opens, and closes, its own. */
  database?: Database;
  /** The heavy-work pool (tests pass one they control). Omitted: built from `config.heavyWork`. */
  heavyWork?: HeavyWork;
  /** Where the log goes (tests read it); stdout by default. */
  logStream?: { write(line: string): void };
}

export async function buildApp({ config, database, logStream, heavyWork }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // src/logging.ts: serializers, redaction, the scrubbing hook, pretty output in development.
    logger: loggerOptions(config, logStream),
    // One line per request, at completion (src/logging.ts).
    logController: new RequestLog(),
    // Request ids: a safe incoming X-Request-Id, or a UUID (never Fastify's per-process counter,
    // which several processes would repeat); echoed in the answer below.
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: config.trustProxy,
    // CONTRACT §4: a trailing slash is optional on every path (`/inquiries` = `/inquiries/`).
    routerOptions: { ignoreTrailingSlash: true },
    // Bounded work per request (issue 12): a JSON body is a few hundred bytes; the routes that
    // take more say so (`bodyLimit` on the listing edits, the upload, the Stripe webhook).
    bodyLimit: JSON_BODY_LIMIT,
    // Slow clients (issue 20): the whole request (headers and body) within REQUEST_TIMEOUT_SECONDS,
    // its headers within HEADERS_TIMEOUT_SECONDS, else 408 and the socket closed. Node checks
    // its sockets every `connectionsCheckingInterval` (30 s by default): a tenth of the headers
    // timeout, at most 5 s, so a timeout is kept to within a few seconds.
    requestTimeout: config.requestTimeouts.requestMs,
    http: {
      headersTimeout: config.requestTimeouts.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.requestTimeouts.headersMs / 10))),
    },
    // Router and HTTP-parser refusals (bad URL, over-long id, oversized headers) answer problem
    // documents in French like every other error (issue 12), never Fastify's English JSON.
    frameworkErrors,
    clientErrorHandler,
    // A first start on the embedded PGlite runs initdb inside the database plugin: seconds on
    // a quiet machine, over Fastify's default 10 s on a loaded one.
    pluginTimeout: 120_000,
  });

  // Order matters: the error handler, security headers and CORS hooks must exist before any route.
  await app.register(configPlugin, { config });
  // First of all hooks: every answer, errors and 404s included, names its request.
  // (Hooks on every request are callback-style, not async: no promise and no microtask each.)
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Closing (SIGTERM, src/server.ts): the answers to requests still under way tell their client to
  // close the connection; kept alive, it would hold the server open until the keep-alive timeout
  // (Node's server.close() waits for every connection), past the shutdown grace.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(problemsPlugin);
  // Before CORS: its preflight answers carry the security headers too.
  await app.register(securityHeadersPlugin);
  await app.register(inputGuardPlugin);
  await app.register(corsPlugin);
  // Before any route: it adds its onSend hook to each route as the route is declared.
  await app.register(compressionPlugin);
  await app.register(databasePlugin, database ? { database } : {});
  // Before any route: its hooks time every request.
  await app.register(metricsPlugin);
  await app.register(mailerPlugin);
  await app.register(authPlugin);
  await app.register(heavyPlugin, heavyWork ? { heavyWork } : {});
  await app.register(storagePlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(contractRoutes, { prefix: '/api' });
  await app.register(metricsRoutes, { prefix: '/api' });
  // Only when asked for (DEV_OUTBOX=1; refused in production by src/env.ts), loopback clients only.
  if (config.mailTransport === 'outbox' && !config.isProduction && app.mailer.outbox) {
    await app.register(devRoutes, { prefix: '/api/dev' });
  }
  await app.register(apiV1Routes, { prefix: '/api/v1' });

  return app;
}
