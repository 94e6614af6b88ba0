// GET /api/metrics: the Prometheus text of this process (plugins/app/metrics.ts). Who may read it:
// - METRICS_TOKEN set: a client sending `Authorization: Bearer <METRICS_TOKEN>`, from anywhere,
//   and nobody else (401 otherwise);
// - unset: a client on this machine only (loopback connection, no Forwarded/X-Forwarded-For: a
//   proxy on the same host connects from loopback on behalf of anyone), 403 otherwise.
// Metrics hold no personal data, but route timings, volumes and pool use help an attacker time
// an attack; a scraper on another host gets the token.
import { messages } from '@terres/domain';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { problem } from '../../http/problem.js';
import { isLocalClient } from '../../http/local-client.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,512})$/.exec(header) : null;
  return match?.[1];
}

const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { metricsToken } = app.config;
  const expected = metricsToken ? digest(metricsToken) : undefined;

  app.get(
    '/metrics',
    {
      // A scraper calls every few seconds: its requests are logged only when they fail.
      logLevel: 'warn',
      onRequest: async (request) => {
        if (expected) {
          const given = bearer(request);
          // Same-length digests: the comparison takes the same time whatever was sent.
          if (!given || !timingSafeEqual(digest(given), expected)) {
            throw problem(401, messages.metricsToken, { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
          }
        } else if (!isLocalClient(request)) {
          throw problem(403, messages.metricsLocalOnly);
        }
      },
    },
    async (_request, reply) => {
      const { registry } = app.appMetrics;
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    },
  );
};

export default metricsRoutes;
