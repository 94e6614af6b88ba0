// `app.heavy`: the worker pool of src/heavy/ (PDFs, XLSX), sized by HEAVY_WORKERS, HEAVY_QUEUE and
// HEAVY_TIMEOUT_SECONDS; its threads end with the app.
import fp from 'fastify-plugin';
import { HeavyWork } from '../../heavy/pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    heavy: HeavyWork;
  }
}

export default fp<{ heavyWork?: HeavyWork }>(
  async (app, options) => {
    // Tests may hand in their own (see BuildAppOptions.heavyWork).
    const heavy =
      options.heavyWork ?? new HeavyWork(app.config.heavyWork, { onError: (error) => app.log.error({ err: error }, 'heavy-work thread failed') });
    app.log.debug({ ...app.config.heavyWork }, 'heavy work');
    app.decorate('heavy', heavy);
    app.addHook('onClose', async () => {
      await heavy.close();
    });
  },
  { name: 'heavy', dependencies: ['config'] },
);
