// Browsers may call the API from the two portals only (their origins come from the config).
// Auth is a bearer token, not a cookie: no credentials mode.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(cors, {
      origin: [app.config.advertiserPortalUrl, app.config.adminConsoleUrl],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
      // The portals read these: rate-limit waits and downloaded file names.
      exposedHeaders: ['Retry-After', 'Content-Disposition'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
