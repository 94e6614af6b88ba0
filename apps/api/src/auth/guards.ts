// Role checks, run after `app.authenticate`: `preHandler: [app.authenticate, requireRole('OWNER')]`.
import { messages } from '@terres/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { problem } from '../http/problem.js';
import type { Role } from './context.js';

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(request.auth.role)) throw problem(403, messages.forbidden);
  };
}

/** The caller's organisation id; 403 when the caller has none yet (owner before onboarding). */
export function organizationOf(request: FastifyRequest): string {
  const id = request.auth.organizationId;
  if (!id) throw problem(403, messages.noOrganization);
  return id;
}
