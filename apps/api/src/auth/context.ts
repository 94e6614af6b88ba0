// Who is calling: set on `request.auth` by `app.authenticate` (src/plugins/app/auth.ts).
import type { Role } from '@terres/domain';
import type { preHandlerAsyncHookHandler } from 'fastify';

export type { Role };

export interface AuthContext {
  userId: string;
  /** Lower-cased. */
  email: string;
  role: Role;
  /** Null for admins and for an owner before onboarding step 1. */
  organizationId: string | null;
  /** The session family the access token belongs to (revoked at logout or archiving). */
  sessionId: string;
}

/** Who is asking, as services take it (never the request itself): `request.auth` satisfies it. */
export type Viewer = Pick<AuthContext, 'userId' | 'role' | 'organizationId'>;

/** A viewer inside an organisation (the route checked it: `organizationOf(request)`). */
export type MemberViewer = Viewer & { organizationId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; read it only in routes that run that hook. */
    auth: AuthContext;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a valid access token, 403 when the organisation is archived. */
    authenticate: preHandlerAsyncHookHandler;
  }
}
