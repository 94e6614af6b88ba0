// Role checks, run after `app.authenticate`: `preHandler: [app.authenticate, requireRole('OWNER')]`.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { problem } from '../http/problem.js';
import type { Role } from './context.js';

export const ROLE_FORBIDDEN_DETAIL = "Vous n'avez pas accès à cette ressource.";
export const NO_ORGANIZATION_DETAIL = "Vous devez d'abord créer votre organisation.";

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!roles.includes(request.auth.role)) throw problem(403, ROLE_FORBIDDEN_DETAIL);
  };
}

/**
 * preHandler (after `app.authenticate`): 403 when the caller belongs to no organisation (an owner
 * before onboarding, or an admin). In the handler, `organizationOf(request)` then reads the id.
 */
export const requireOrganization: preHandlerAsyncHookHandler = async (request) => {
  organizationOf(request);
};

/** The caller's organisation id; 403 when the caller has none yet (owner before onboarding). */
export function organizationOf(request: FastifyRequest): string {
  const id = request.auth.organizationId;
  if (!id) throw problem(403, NO_ORGANIZATION_DETAIL);
  return id;
}
