// Decorates `app.db` (the drizzle query builder) and `app.database` (the handle: kind, migrate,
// close). A database the app created is closed with the app; one passed in belongs to the caller.
// Every request runs in a scope holder (src/db/scope.ts) that starts with no scope, so its
// queries see no organisation's row until `app.authenticate` (or a named system path) scopes it.
import { AsyncResource } from 'node:async_hooks';
import fp from 'fastify-plugin';
import { createDatabase, type Database, type Db } from '../../db/index.js';
import { runUnscoped } from '../../db/scope.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
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
