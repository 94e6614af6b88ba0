// `app.storage`: where uploaded files and generated PDFs are kept, the S3-compatible bucket when
// S3_BUCKET is set, `$DATA_DIR/files` otherwise (src/files/storage.ts). One per app; closed with it.
// Every few minutes it removes the files nothing refers to any more (services/stored-files.ts).
import fp from 'fastify-plugin';
import { createFileStorage, type FileStorage } from '../../files/storage.js';
import { sweepFileRemovals } from '../../services/stored-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Temporary upload files older than this were left by a crash mid-upload (never an upload in flight). */
const STALE_TEMP_MS = 60 * 60_000;

/** How often the files nothing refers to any more are removed (those a request could not remove itself, orphans of a crash). */
const FILE_SWEEP_MS = 5 * 60_000;

export default fp(
  async (app) => {
    const storage = await createFileStorage(app.config);
    app.log.info('file storage: %s (%s)', storage.kind, storage.location);
    const swept = await storage.sweepTemp(STALE_TEMP_MS);
    if (swept) app.log.warn({ swept }, 'removed temporary upload files left by an interrupted upload');
    app.decorate('storage', storage);
    // Issue 20: released files and orphans of an interrupted upload (services/stored-files.ts).
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      sweepFileRemovals(app.db, storage, { log: app.log })
        .then((removed) => {
          if (removed) app.log.info({ removed }, 'removed stored files nothing refers to any more');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'file sweep failed (tried again later)'))
        .finally(() => {
          sweeping = false;
        });
    }, FILE_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await storage.close();
    });
  },
  { name: 'storage', dependencies: ['config', 'database'] },
);
