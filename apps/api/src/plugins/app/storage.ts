// `app.storage`: where uploaded files and generated PDFs are kept, the S3-compatible bucket when
// S3_BUCKET is set, `$DATA_DIR/files` otherwise (src/files/storage.ts). One per app; closed with it.
import fp from 'fastify-plugin';
import { createFileStorage, type FileStorage } from '../../files/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Temporary upload files older than this were left by a crash mid-upload (never an upload in flight). */
const STALE_TEMP_MS = 60 * 60_000;

export default fp(
  async (app) => {
    const storage = await createFileStorage(app.config);
    app.log.info('file storage: %s (%s)', storage.kind, storage.location);
    const swept = await storage.sweepTemp(STALE_TEMP_MS);
    if (swept) app.log.warn({ swept }, 'removed temporary upload files left by an interrupted upload');
    app.decorate('storage', storage);
    app.addHook('onClose', async () => {
      await storage.close();
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
