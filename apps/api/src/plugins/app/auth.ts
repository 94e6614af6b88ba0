// `app.authenticate`: the preHandler of every signed-in route. Verifies the bearer access token,
// then checks, on every call, that its session family is live and that the user and the
// organisation are not archived (archiving takes effect at once, not at token expiry). The
// check's row (session family, user, organisation: one prepared statement) is kept in a read
// cache (src/db/read-cache.ts) that the database's change announcements drop: a revocation, an
// archiving or a role change by any process is announced at its commit and counts from the next
// request that follows it; while the announcements cannot be heard, every request reads the row.
// `app.authenticateWith`: the same check for a route whose first read joins the check's
// statement (src/auth/session-check.ts): one round trip when the session is not in the cache.
import { messages } from '@terres/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../auth/context.js';
import { sessionCheckQuery, type SessionAlong, type SessionRow } from '../../auth/session-check.js';
import {
  adminStillListed,
  ORGANIZATION_ARCHIVED,
  refusalProblem,
} from '../../auth/sessions.js';
import { verifyAccessToken } from '../../auth/tokens.js';
import { prepared } from '../../db/prepared.js';
import { adminScope, asSystem, organizationScope, scopeSettings, setScope, type Scope } from '../../db/scope.js';
import { problem } from '../../http/problem.js';

/** What a signed-in caller's queries may see: an admin every organisation, anyone else their own. */
function scopeOf(role: Role, userId: string, organizationId: string | null): Scope {
  return role === 'ADMIN' ? adminScope(userId) : organizationScope(organizationId, userId);
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `authenticate`, for a route whose own read is joined to the session check: `read(sessionId)`
     * (without it, the check alone) runs that one statement when the session is not in the read cache. Its `read` part is
     * returned when it was read under the caller's scope; undefined otherwise (the session came
     * from the cache, or the caller's scope is not the one the token claimed): read it then.
     */
    authenticateWith<T>(request: FastifyRequest, read?: (sessionId: string) => Promise<SessionAlong<T>>): Promise<{ read: T } | undefined>;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('auth', null as never);
    // The session family, its user and the user's organisation, in one query.
    const sessionCheck = prepared(app.db, 'auth_session', (db, name) => sessionCheckQuery(db).prepare(name));

    // Tagged with the three rows it was read from: a change to any of them drops it.
    const sessions = app.readCache<SessionRow>({ name: 'sessions', maxEntries: 100_000, ttlMs: 60_000 });
    const tagsOf = (row: SessionRow, sessionId: string) =>
      row.organizationId ? [`session:${sessionId}`, `user:${row.userId}`, `organization:${row.organizationId}`] : [`session:${sessionId}`, `user:${row.userId}`];

    async function authenticate<T>(request: FastifyRequest, along?: (sessionId: string) => Promise<SessionAlong<T>>): Promise<{ read: T } | undefined> {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw problem(401, messages.authenticationRequired);
      const claims = verifyAccessToken(app.config.authSecret, match[1]!);
      if (!claims) throw problem(401, messages.sessionExpired);

      // Row-level security: the check runs under the scope the token claims (its signature
      // vouches for it), so a request costs one scope statement at most; the request then gets
      // the scope of the rows read. A stale claim (an owner who created an organisation since)
      // cannot see that organisation: checked again across organisations, named.
      const lookup = () => sessionCheck.execute({ sessionId: claims.sessionId });
      const claimed = scopeOf(claims.role, claims.userId, claims.organizationId);
      setScope(claimed);
      let joined: { read: T } | undefined;
      const row = await sessions.read(
        claims.sessionId,
        async () => {
          let found: SessionRow | undefined;
          if (along) {
            const result = await along(claims.sessionId);
            found = result.session;
            joined = { read: result.read };
          } else [found] = await lookup();
          if (found && claims.role !== 'ADMIN' && found.organizationId !== claims.organizationId) {
            joined = undefined;
            [found] = await asSystem('authenticate', lookup);
          }
          return found;
        },
        (found) => tagsOf(found, claims.sessionId),
      );
      if (!row || row.familyUserId !== claims.userId) throw problem(401, messages.sessionExpired);
      // Archiving an organisation also revokes its sessions: say why rather than 'expired'.
      if (row.organizationArchivedAt) throw refusalProblem(ORGANIZATION_ARCHIVED);
      if (row.userArchivedAt) throw problem(401, messages.accountArchived);
      if (row.familyRevokedAt) throw problem(401, messages.sessionExpired);
      if (!adminStillListed(row, app.config.adminEmails)) throw problem(401, messages.adminRevoked);

      request.auth = {
        userId: row.userId,
        email: row.email.toLowerCase(),
        role: row.role as Role,
        organizationId: row.organizationId,
        sessionId: claims.sessionId,
      };
      const scope = scopeOf(request.auth.role, request.auth.userId, request.auth.organizationId);
      setScope(scope);
      // The joined read saw the claimed scope's rows: used only when that is the caller's scope.
      return joined && scopeSettings(scope).key === scopeSettings(claimed).key ? joined : undefined;
    }

    app.decorate('authenticate', async (request) => {
      await authenticate(request);
    });
    app.decorate('authenticateWith', authenticate);
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
