// The contract, served (issue 13): `GET /api/openapi.json` is `openapi/openapi.yaml` as this API
// runs it, and `/api/docs` shows it as interactive documentation (Swagger UI through
// @fastify/swagger in static mode and @fastify/swagger-ui). Every asset of the page comes from
// this server (the swagger-ui-dist files shipped in the package): no CDN, it works offline.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { openApiContract } from '../../openapi.js';

/**
 * The docs pages' Content-Security-Policy: same-origin scripts, styles, images and calls only.
 * Swagger UI's own stylesheet is a file, but the UI sets style attributes and data: images
 * (its icons) at run time, hence `'unsafe-inline'` for styles and `data:` for images, on these
 * pages only; no inline script anywhere.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

// The top bar's logo (Swagger UI shows Fastify's otherwise): the product's name, as an SVG.
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="40" viewBox="0 0 360 40">
<rect x="2" y="8" width="24" height="24" rx="4" fill="#8bc34a"/><path d="M6 26 L12 16 L17 22 L20 18 L24 26 Z" fill="#33691e"/>
<text x="36" y="27" font-family="system-ui, sans-serif" font-size="20" font-weight="600" fill="#ffffff">Bourse aux terres · API</text>
</svg>`;

const contractRoutes: FastifyPluginAsync = async (app) => {
  const { document, json } = openApiContract();

  app.get('/openapi.json', async (_request, reply) => {
    // The text is built once per process; `no-cache` lets a client revalidate after a deploy.
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json);
  });

  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page's asset links are absolute: they need the prefix this plugin is registered under.
    indexPrefix: app.prefix,
    staticCSP: DOCS_CSP,
    theme: { title: `${document.info.title} — documentation` },
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG), href: `${app.prefix}/docs` },
    uiConfig: {
      // The page reads the same document as /api/openapi.json (swagger-ui fetches ./json).
      deepLinking: true,
      displayOperationId: true,
      defaultModelsExpandDepth: 0,
      tryItOutEnabled: false,
      persistAuthorization: false,
    },
  });
};

export default contractRoutes;
