// `app.authenticate`: the preHandler of every signed-in route. Verifies the bearer access token,
// then checks, on every call, that its session family is live and that the user and the
// organisation are not archived (archiving takes effect at once, not at token expiry).
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Role } from '../../auth/context.js';
import {
  ACCOUNT_ARCHIVED_DETAIL,
  ADMIN_REVOKED_DETAIL,
  adminStillListed,
  ORGANIZATION_ARCHIVED,
  refusalProblem,
  SESSION_EXPIRED_DETAIL,
} from '../../auth/sessions.js';
import { verifyAccessToken } from '../../auth/tokens.js';
import { organizations, sessionFamilies, users } from '../../db/schema.js';
import { problem } from '../../http/problem.js';

export const MISSING_TOKEN_DETAIL = 'Authentification requise. Veuillez vous connecter.';

export default fp(
  async (app) => {
    app.decorateRequest('auth', null as never);
    app.decorate('authenticate', async (request) => {
      const header = request.headers.authorization;
      const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      if (!match) throw problem(401, MISSING_TOKEN_DETAIL);
      const claims = await verifyAccessToken(app.config.authSecret, match[1]!);
      if (!claims) throw problem(401, SESSION_EXPIRED_DETAIL);

      const [row] = await app.db
        .select({
          userId: users.id,
          email: users.email,
          role: users.role,
          organizationId: users.organizationId,
          userArchivedAt: users.archivedAt,
          organizationArchivedAt: organizations.archivedAt,
          familyUserId: sessionFamilies.userId,
          familyRevokedAt: sessionFamilies.revokedAt,
        })
        .from(sessionFamilies)
        .innerJoin(users, eq(users.id, sessionFamilies.userId))
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(sessionFamilies.id, claims.sessionId));
      if (!row || row.familyUserId !== claims.userId) throw problem(401, SESSION_EXPIRED_DETAIL);
      // Archiving an organisation also revokes its sessions: say why rather than 'expired'.
      if (row.organizationArchivedAt) throw refusalProblem(ORGANIZATION_ARCHIVED);
      if (row.userArchivedAt) throw problem(401, ACCOUNT_ARCHIVED_DETAIL);
      if (row.familyRevokedAt) throw problem(401, SESSION_EXPIRED_DETAIL);
      if (!adminStillListed(row, app.config.adminEmails)) throw problem(401, ADMIN_REVOKED_DETAIL);

      request.auth = {
        userId: row.userId,
        email: row.email.toLowerCase(),
        role: row.role as Role,
        organizationId: row.organizationId,
        sessionId: claims.sessionId,
      };
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
