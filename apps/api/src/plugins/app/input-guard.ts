// One gate for every route (issue 12): path parameters, query string and parsed body are checked
// before validation and before any handler, so no route can hand PostgreSQL a NUL character or
// walk an absurdly nested body. Multipart parts are read by their route (`receiveFile`), which
// applies the same check to the file name and fields.
import fp from 'fastify-plugin';
import { assertCleanInput } from '../../http/text-guard.js';

export default fp(
  async (app) => {
    // Callback-style (no promise per request); Fastify hands what a hook throws to the error handler.
    app.addHook('preValidation', (request, _reply, done) => {
      assertCleanInput(request.params);
      assertCleanInput(request.query);
      assertCleanInput(request.body);
      done();
    });
  },
  { name: 'input-guard' },
);
