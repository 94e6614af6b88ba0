// The one error handler (and the 404 handler): every failure leaves as an RFC 9457 problem
// document with a French `detail`. Unexpected errors are logged in full and answered with a
// generic 500: their message (SQL, stack, driver text) never reaches the client.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { camelToSnake } from '@terres/domain';
import * as v from 'valibot';
import {
  defaultDetail,
  HttpProblem,
  INTERNAL_ERROR_DETAIL,
  PROBLEM_CONTENT_TYPE,
  problemDocument,
  type ProblemOptions,
} from '../../http/problem.js';
import { frenchValidationErrors } from '../../http/validation-messages.js';

const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Le contenu de la requête n'est pas un JSON valide.",
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le contenu de la requête est vide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête dépasse la taille maximale autorisée.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
};

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
        if (error.status >= 500) request.log.error({ err: error }, 'problem %d', error.status);
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

      const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error %d', status);
        const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
        return sendProblem(request, reply, status, FASTIFY_DETAILS[code] ?? defaultDetail(status));
      }

      request.log.error({ err: error }, 'unexpected error');
      const serverStatus = status >= 500 && status <= 599 ? status : 500;
      return sendProblem(request, reply, serverStatus, serverStatus === 500 ? INTERNAL_ERROR_DETAIL : defaultDetail(serverStatus));
    });

    app.setNotFoundHandler((request, reply) => sendProblem(request, reply, 404, 'Ressource introuvable.'));
  },
  { name: 'problems' },
);
