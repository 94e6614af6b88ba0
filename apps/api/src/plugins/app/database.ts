// Decorates `app.db` (the drizzle query builder) and `app.database` (the handle: kind, migrate,
// close). A database the app created is closed with the app; one passed in belongs to the caller.
// Every request runs in a scope holder (src/db/scope.ts) that starts with no scope, so its
// queries see no organisation's row until `app.authenticate` (or a named system path) scopes it.
import { AsyncResource } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed, ChangeFeedStats } from '../../db/change-feed.js';
import { createDatabase, type Database, type Db } from '../../db/index.js';
import { ReadCache, type ReadCacheOptions } from '../../db/read-cache.js';
import { runUnscoped } from '../../db/scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this route changes no row the read caches keep (no table with an announcement
     * trigger, migration 0015), so its answer does not wait for the change feed's settle.
     */
    settle?: boolean;
  }
  interface FastifyInstance {
    db: Db;
    database: Database;
    /**
     * A read cache of this app, dropped by the database's change announcements (README "Hot
     * path"); one that never keeps anything when READ_CACHE is off or on PGlite.
     */
    readCache<V>(options: ReadCacheOptions): ReadCache<V>;
    /** This app's read caches, whether the change feed listens and its counts (for the metrics). */
    readCaches(): { live: boolean; caches: readonly ReadCache<unknown>[]; feed?: ChangeFeedStats };
  }
}

export interface DatabasePluginOptions {
  database?: Database;
}

const scopeResource = Symbol('scope resource');

/** Requests that found, as they ran, that they changed no row the read caches keep. */
const changedNothingCached = new WeakSet<FastifyRequest>();

/**
 * This request changed no row a read cache keeps (none of the tables migration 0015 announces,
 * or only inserts there, which no cache can hold yet): its answer does not wait for the change
 * feed's settle. For a route that knows it only as it runs (the sign-in's code check: its fast
 * path writes a code and a new session; its slow one may change an account).
 */
export function answerWithoutSettle(request: FastifyRequest): void {
  changedNothingCached.add(request);
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const owned = options.database === undefined;
    const database = options.database ?? (await createDatabase(app.config));
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', async () => database.close());

    let feed: ChangeFeed | undefined;
    if (app.config.readCache && database.changes) {
      feed = database.changes();
      const unsubscribe = feed.subscribe({
        change: () => undefined,
        reset: () => undefined,
        state: (state, error) => {
          if (state === 'live') app.log.info('change feed listening: read caches on');
          else app.log.warn({ err: error }, 'change feed lost: read caches off until it listens again');
        },
      });
      app.addHook('onClose', async () => unsubscribe());
      // Resolves once listening, or after its deadline (the caches stay off until then).
      await feed.start();
      // A request that may have changed something is answered once every process has applied
      // the changes' announcements, or after a few milliseconds, past which a process that did
      // not answer reads nothing from memory before proving itself current (src/db/change-feed.ts):
      // the next request, to any live process, sees them.
      const changes = feed;
      // A route that writes no row the caches keep (the tables migration 0015 announces:
      // session_families, users, organizations, inquiries) says so with `config: { settle: false }`
      // and answers without that wait (a load's record, correction, reception, cancellation).
      // Callback-style: a read (most requests) passes with no promise and no microtask.
      app.addHook('onSend', (request, _reply, payload, done) => {
        const method = request.method;
        if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || request.routeOptions.config.settle === false || changedNothingCached.has(request)) {
          done(null, payload);
          return;
        }
        changes.settle().then(
          () => done(null, payload),
          (error: Error) => done(error),
        );
      });
    }
    const caches: ReadCache<unknown>[] = [];
    app.decorate('readCache', <V>(options: ReadCacheOptions) => {
      const cache = new ReadCache<V>(feed, options);
      caches.push(cache as ReadCache<unknown>);
      return cache;
    });
    app.decorate('readCaches', () => ({ live: feed?.live ?? false, caches, ...(feed ? { feed: feed.stats() } : {}) }));
    app.addHook('onClose', async () => {
      for (const cache of caches) cache.close();
    });

    // One holder per request, as @fastify/request-context does: entered in onRequest, and
    // entered again in preValidation because Fastify runs the hooks after the body was read
    // (preValidation, preHandler, the handler) from the request stream's events, in another
    // async context. Lost anyway, the scope would be none: fail closed, no rows.
    app.decorateRequest(scopeResource, null);
    app.addHook('onRequest', (request, _reply, done) => {
      runUnscoped(() => {
        const resource = new AsyncResource('terres-scope');
        (request as unknown as Record<symbol, AsyncResource>)[scopeResource] = resource;
        resource.runInAsyncScope(done, request.raw);
      });
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const resource = (request as unknown as Record<symbol, AsyncResource | null>)[scopeResource];
      if (resource) resource.runInAsyncScope(done, request.raw);
      else done();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
