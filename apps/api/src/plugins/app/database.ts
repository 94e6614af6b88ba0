// Decorates `app.db` (the drizzle query builder) and `app.database` (the handle: kind, migrate,
// close). A database the app created is closed with the app; one passed in belongs to the caller.
// Every request runs in a scope holder (src/db/scope.ts) that starts with no scope, so its
// queries see no organisation's row until `app.authenticate` (or a named system path) scopes it.
import { AsyncResource } from 'node:async_hooks';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../../db/change-feed.js';
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
    /** This app's read caches and whether the change feed listens (for the metrics). */
    readCaches(): { live: boolean; caches: readonly ReadCache<unknown>[] };
  }
}

export interface DatabasePluginOptions {
  database?: Database;
}

const scopeResource = Symbol('scope resource');

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
      // the changes' announcements (src/db/change-feed.ts): the next request, to any of them, sees them.
      const changes = feed;
      // A route that writes no row the caches keep (the tables migration 0015 announces:
      // session_families, users, organizations, inquiries) says so with `config: { settle: false }`
      // and answers without that wait (a load's record, correction, reception, cancellation).
      app.addHook('onSend', async (request) => {
        if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
        if (request.routeOptions.config.settle === false) return;
        await changes.settle();
      });
    }
    const caches: ReadCache<unknown>[] = [];
    app.decorate('readCache', <V>(options: ReadCacheOptions) => {
      const cache = new ReadCache<V>(feed, options);
      caches.push(cache as ReadCache<unknown>);
      return cache;
    });
    app.decorate('readCaches', () => ({ live: feed?.live ?? false, caches }));
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
