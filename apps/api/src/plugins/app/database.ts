// Decorates `app.db` (the drizzle query builder) and `app.database` (the handle: kind, migrate,
// close). A database the app created is closed with the app; one passed in belongs to the caller.
import fp from 'fastify-plugin';
import { createDatabase, type Database, type Db } from '../../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DatabasePluginOptions {
  database?: Database;
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const owned = options.database === undefined;
    const database = options.database ?? (await createDatabase(app.config));
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (owned) app.addHook('onClose', async () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
