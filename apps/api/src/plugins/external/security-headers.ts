// The response headers every answer carries (issue 12, item 8), computed once by helmet:
// `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`, `X-Frame-Options: DENY`,
// HSTS, `Cross-Origin-Opener-Policy` / `-Resource-Policy: same-origin` and the rest of
// helmet's defaults, with a Content-Security-Policy made for an API: it serves JSON and files,
// so nothing may load, frame, or be framed. The payment pages (simulator, Stripe, error page)
// send their own CSP, which allows only their inline style and their form's targets
// (`payments/pages.ts`): a route's header replaces helmet's.
//
// And `Cache-Control: no-store` on every answer that does not choose its own: answers carry
// tokens, personal and organisation data, error details; no browser or proxy should keep
// them. Routes that choose keep theirs: downloads `private, no-store`, the admin map's pins
// `private, no-cache` (revalidated by ETag, README "Lists at scale").
//
// Answers Fastify makes outside any route (a URL the router cannot decode: `frameworkErrors`)
// run no hook: whoever writes them adds `SECURITY_HEADERS`, the same set computed once here.
//
// Every other answer gets them from one `onRequest` hook that sets the precomputed values
// (issue 13, the hot path): @fastify/helmet built helmet's middleware again at every request
// (parsing the CSP directives and all), about 8 µs and garbage per request for constant headers.
// A route's own `reply.header(...)` later replaces any of them, as before.
import type { HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The API's CSP: an answer opened as a document can load, frame or post nothing. */
export const API_CSP_DIRECTIVES = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

export const DEFAULT_CACHE_CONTROL = 'no-store';

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: API_CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
} satisfies HelmetOptions;

/** What helmet sets with these options, plus the cache rule: for answers written outside the hooks. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(HELMET_OPTIONS)({} as never, response as never, () => undefined);
  headers['cache-control'] = DEFAULT_CACHE_CONTROL;
  return Object.freeze(headers);
})();

/** The same headers without the cache rule (set at `onSend`, when the route chose none). */
const HELMET_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'cache-control')),
);

export default fp(
  async (app) => {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(HELMET_HEADERS);
      done();
    });

    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
