// The API's log (issue 13): pino through Fastify, one JSON object per line (pretty printed in
// development), every line of a request carrying its id (`reqId`), and nothing a reader of the
// log could sign in with or that names a person:
// - request ids: a client's or proxy's `X-Request-Id` is kept when it is a plain token
//   (`REQUEST_ID_PATTERN`), otherwise a new UUID; either way the answer carries it back;
// - one line per request, when it is answered (`request completed`, or `request errored`):
//   the method, the route pattern, the path with the query holding only known harmless values
//   (`page=2`, `sort=...`; a search `q`, a payment `token` and anything unknown become
//   `[redacted]`), the client's network (`203.0.113.0/24`, never its address), the status and
//   the time taken (`RequestLog`). Fastify's `incoming request` line, written when a request
//   arrives, is kept at `debug` only (issue 13: each line costs serialization, redaction and
//   scrubbing on the hot path; a request's arrival matters when following one, not in production);
// - `censorLogObject` (pino's `formatters.log`) censors the keys that hold secrets or addresses
//   wherever a log call passes them (e-mail, recipient, one-time code, tokens, authorization and
//   cookie), and requests and answers are logged through serializers that show no header;
// - a last pass over each serialized line (`scrubLogLine`, pino's `streamWrite` hook) replaces
//   what no key names: e-mail addresses, JWT-shaped and refresh tokens, secret query values,
//   inside messages and error texts alike.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { stdSerializers } from 'pino';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './env.js';

/** An incoming `X-Request-Id` is used as is only when it matches this (trace ids, UUIDs...). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's `genReqId`: the caller's id when it is safe to log and echo, otherwise a UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** Query parameters whose values are kept in the log: paging, sorting, filters, ids, dates. */
const HARMLESS_QUERY_PARAMETERS = new Set([
  'bbox',
  'format',
  'from',
  'inquiry_id',
  'limit',
  'organization_id',
  'page',
  'page_size',
  'register',
  'sort',
  'status',
  'to',
  'type',
  'verified',
  'with_archived',
]);

export const REDACTED = '[redacted]';

/** The URL as the log shows it: the path, and the query with only harmless values. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .filter((part) => part.length > 0)
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        decoded = '';
      }
      if (equals === -1) return name;
      return HARMLESS_QUERY_PARAMETERS.has(decoded) ? part : `${name}=${REDACTED}`;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/** Addresses masked lately (a client sends many requests): each computed once, the set emptied when full. */
const maskedAddresses = new Map<string, string | undefined>();
const MASKED_ADDRESSES_KEPT = 1_000;

/** The client's network, not its address: IPv4 /24, IPv6 /48. */
export function maskAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const known = maskedAddresses.get(address);
  if (known !== undefined || maskedAddresses.has(address)) return known;
  if (maskedAddresses.size >= MASKED_ADDRESSES_KEPT) maskedAddresses.clear();
  const masked = networkOf(address);
  maskedAddresses.set(address, masked);
  return masked;
}

function networkOf(address: string): string | undefined {
  const bare = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(bare) === 4) return `${bare.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(bare) === 6) {
    // Expand `::` so that the first three groups are the real ones.
    const [head = '', tail = ''] = bare.split('::');
    const left = head ? head.split(':') : [];
    const right = bare.includes('::') ? (tail ? tail.split(':') : []) : [];
    const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return undefined;
}

/** Keys censored wherever a log call passes them (top level, and one level deep as well). */
const REDACTED_KEYS = new Set(['authorization', 'cookie', 'email', 'to', 'otp', 'token', 'refreshToken', 'refresh_token', 'accessToken', 'password']);

/** `value` with its own keys that `REDACTED_KEYS` names censored: itself when it has none (no copy). */
function censorKeys<T extends object>(value: T): T {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) if (REDACTED_KEYS.has(key)) (out ??= { ...value } as Record<string, unknown>)[key] = REDACTED;
  return (out as T | undefined) ?? value;
}

/** Keys a serializer turns into what the log shows: censored after it (headers are never shown). */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/**
 * pino's `formatters.log`, before its serializers: what each log call passes, with the keys that
 * hold secrets or addresses censored at the top level and one level deep (`{ email }`,
 * `{ user: { email } }`). Cheap on the hot path (issue 23): pino's own `redact` with the same
 * rules as wildcard paths (`*.email`) made a request's line 3 to 4 times as costly (40 to 160 µs
 * more a line on this machine, about as much as a whole cached read). `req`, `res` and `err`
 * are left to their serializers (the request's shows no header, Fastify's answer its status only,
 * the error's is censored like the rest): a raw request or error is never walked.
 */
export function censorLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (REDACTED_KEYS.has(key)) (out ??= { ...object })[key] = REDACTED;
    else if (value !== null && typeof value === 'object' && !SERIALIZED_KEYS.has(key) && !Array.isArray(value)) {
      const censored = censorKeys(value);
      if (censored !== value) (out ??= { ...object })[key] = censored;
    }
  }
  return out ?? object;
}

/**
 * Each pattern with a text every match contains: a line without it is not searched (two lines
 * per request go through here; most hold no address and no token, issue 13).
 */
const SCRUBBERS: [hint: string, pattern: RegExp, replacement: string][] = [
  // E-mail addresses (in messages, error texts, anything a key did not name).
  ['@', /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  // JWTs (access and invitation tokens) and the payment links' signed tokens: base64url JSON.
  ['eyJ', /eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]+){1,2}/g, '[token]'],
  // Refresh tokens.
  ['rt_', /rt_[A-Za-z0-9_-]{20,}/g, '[token]'],
  // Secret values in a URL's query, wherever a URL was written.
  ['=', /([?&](?:token|code|otp|email|refresh_token|q)=)[^&"\s\\]+/g, `$1${REDACTED}`],
];

/** pino's `streamWrite` hook: the serialized line, without addresses and tokens. */
export function scrubLogLine(line: string): string {
  let out = line;
  for (const [hint, pattern, replacement] of SCRUBBERS) if (out.includes(hint)) out = out.replace(pattern, replacement);
  return out;
}

/** What the log shows of a request (on its `request completed` line). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // The route's pattern (`/api/v1/inquiries/:id`); none when no route matched.
    route: request.routeOptions.url,
    url: loggableUrl(request.url),
    host: request.host,
    remoteNetwork: maskAddress(request.ip),
  };
}

/**
 * Fastify's request lines, one per request: `incoming request` at `debug` (Fastify writes it at
 * `info`), and at completion `request completed` (or `request errored`) with the request, the
 * status and the time in ms. Every other line Fastify writes is as Fastify writes it.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    // Below `debug`, pino's `debug` is a no-op: nothing is serialized.
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // Milliseconds to the hundredth (Fastify's own line carries every digit of the float).
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}

export type LogStream = { write(line: string): void };

/**
 * Fastify's `logger` options: level, serializers, redaction, the scrubbing hook, and in
 * development (`LOG_FORMAT=pretty`, the default there) pino-pretty as a transport (a worker
 * thread), never in production or tests. `stream` (tests) receives the JSON lines instead.
 */
export function loggerOptions(config: Config, stream?: LogStream): NonNullable<FastifyServerOptions['logger']> {
  const options = {
    level: config.logLevel,
    // Fastify's `res` shows the status only; an error is censored one level deep, as every other logged object.
    serializers: {
      req: serializeRequest,
      err: (error: Error) => censorKeys(stdSerializers.err(error)),
    },
    formatters: { log: censorLogObject },
    hooks: { streamWrite: scrubLogLine },
  };
  if (stream) return { ...options, stream };
  if (config.logFormat === 'pretty') {
    return {
      ...options,
      transport: {
        // Resolved from here: pino, inside Fastify's own dependencies, could not find it.
        target: createRequire(import.meta.url).resolve('pino-pretty'),
        options: {
          translateTime: 'SYS:HH:MM:ss.l',
          // A request's line reads `[id] request completed GET /api/v1/inquiries/… → 200 in 3.2 ms`.
          ignore: 'pid,hostname,reqId,req,res,responseTime',
          messageFormat:
            '{if reqId}[{reqId}] {end}{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} → {res.statusCode}{end}{if responseTime} in {responseTime} ms{end}',
          singleLine: true,
        },
      },
    };
  }
  return options;
}
