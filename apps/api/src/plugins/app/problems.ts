// The one error handler (and the 404 handler): every failure leaves as an RFC 9457 problem
// document with a French `detail`. Unexpected errors are logged in full and answered with a
// generic 500: their message (SQL, stack, driver text) never reaches the client.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { bodyTooLargeMessage, camelToSnake, defaultDetail, messages } from '@terres/domain';
import * as v from 'valibot';
import {
  HttpProblem,
  PROBLEM_CONTENT_TYPE,
  problemDocument,
  type ProblemOptions,
} from '../../http/problem.js';
import { DATABASE_RETRY_AFTER_SECONDS, isConnectionLost } from '../../db/connection-errors.js';
import { frenchValidationErrors } from '../../http/validation-messages.js';
import { SECURITY_HEADERS } from '../external/security-headers.js';
import { REQUEST_ID_HEADER } from '../../logging.js';

const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.emptyJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.jsonContentLength,
  FST_ERR_BAD_URL: messages.urlInvalid,
  FST_ERR_MAX_PARAM_LENGTH: messages.urlTooLong,
  FST_PROTO_VIOLATION: messages.multipartInvalid,
};

/**
 * Unique indexes whose violation is a conflict the client caused (two requests racing for the
 * same SIRET): a 409 naming the field, not a 500. The index decides, so parallel requests get
 * one success and one 409 whatever their timing.
 */
const UNIQUE_CONFLICTS: Record<string, { detail: string; field: string }> = {
  organizations_siret_active_unique: { detail: messages.siretTaken, field: 'registration_number' },
};

/** The constraint a PostgreSQL unique violation (23505) names, looking through drizzle's wrapping. */
export function uniqueViolation(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: what the router meets before any route (a URL that does not
 * decode, a path parameter over `maxParamLength`). Fastify's own answer is English JSON that
 * echoes the path; ours is the usual problem document, without `instance` (the path is the fault).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'router error');
  else request.log.info({ code: error.code }, 'router refused the request %d', status);
  const detail = FASTIFY_DETAILS[error.code] ?? defaultDetail(status);
  // No hook runs here (not even the security headers' own): the same set, written by hand, and
  // the request id the onRequest hook would have answered (src/logging.ts).
  void reply.headers(SECURITY_HEADERS).header(REQUEST_ID_HEADER, request.id).code(status).type(PROBLEM_CONTENT_TYPE).send(problemDocument(status, detail));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request
 * (headers or URL over the 16 KiB limit, malformed request line, timeout). Same shape, in French.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const detail = status === 431 ? messages.requestHeadersTooLarge : defaultDetail(status);
  const body = JSON.stringify(problemDocument(status, detail));
  if (socket.writable) {
    const security = Object.entries(SECURITY_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${security}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string,
  options: ProblemOptions = {},
): FastifyReply {
  if (options.headers) reply.headers(options.headers);
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemDocument(status, detail, options, request.url.split('?')[0]));
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | Error, request, reply) => {
      if (error instanceof HttpProblem) {
        // A 503 is a refusal to take more for now (a full heavy-work queue, a mail outage): a warning.
        if (error.status >= 500) request.log[error.status === 503 ? 'warn' : 'error']({ err: error }, 'problem %d', error.status);
        return sendProblem(request, reply, error.status, error.detail, error.options);
      }

      // A valibot schema (from @terres/domain) rejected the input: its messages are the
      // spec's French wording, so they are shown as they are.
      if (error instanceof v.ValiError) {
        const errors: Record<string, string> = {};
        for (const issue of error.issues as v.BaseIssue<unknown>[]) errors[camelToSnake(v.getDotPath(issue) ?? '_')] ??= issue.message;
        const first = (error.issues as v.BaseIssue<unknown>[])[0]?.message ?? defaultDetail(422);
        return sendProblem(request, reply, 422, first, { errors });
      }

      if ('validation' in error && Array.isArray(error.validation)) {
        const { detail, errors } = frenchValidationErrors(error.validation);
        return sendProblem(request, reply, 400, detail, { errors });
      }

      // The database connection was lost (or could not be had): nothing was committed and the
      // request may be sent again (src/db/connection-errors.ts).
      if (isConnectionLost(error)) {
        request.log.warn({ err: error }, 'database connection lost: 503');
        return sendProblem(request, reply, 503, messages.databaseUnavailable, {
          headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        });
      }

      const conflict = UNIQUE_CONFLICTS[uniqueViolation(error) ?? ''];
      if (conflict) {
        request.log.info({ err: error }, 'unique conflict');
        return sendProblem(request, reply, 409, conflict.detail, { errors: { [conflict.field]: conflict.detail } });
      }

      const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error %d', status);
        const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
        // The route's own limit (src/app.ts, `bodyLimit` of the route), named in the detail.
        if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendProblem(request, reply, 413, bodyTooLargeMessage(request.routeOptions.bodyLimit));
        return sendProblem(request, reply, status, FASTIFY_DETAILS[code] ?? defaultDetail(status));
      }

      request.log.error({ err: error }, 'unexpected error');
      const serverStatus = status >= 500 && status <= 599 ? status : 500;
      return sendProblem(request, reply, serverStatus, serverStatus === 500 ? messages.internalError : defaultDetail(serverStatus));
    });

    app.setNotFoundHandler((request, reply) => sendProblem(request, reply, 404, messages.resourceNotFound));
  },
  { name: 'problems' },
);
