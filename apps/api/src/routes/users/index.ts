// The signed-in user and the organisation's collaborators (spec §5 and §7, CONTRACT §6). The
// handlers parse, authorise and call src/services/{profiles,collaborators,users}.ts.
import { inviteSchema, profileSchema } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { parseBody } from '../../http/input.js';
import { inviteCollaborator, removeCollaborator, resendInvitation } from '../../services/collaborators.js';
import { readProfile, updateProfile } from '../../services/profiles.js';
import { listOrganizationMembers } from '../../services/users.js';

const userRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get('/me', async (request) => readProfile(app.db, request.auth));

  app.put('/me', async (request) => updateProfile(app.db, request.auth, parseBody(profileSchema, request.body)));

  app.post('/invite', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const { email } = parseBody(inviteSchema, request.body);
    const invited = await inviteCollaborator(app, { ...request.auth, organizationId }, email, request.log);
    return reply.code(202).send({ email: invited });
  });

  app.post('/invite/resend', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const { email } = parseBody(inviteSchema, request.body);
    const resent = await resendInvitation(app, { ...request.auth, organizationId }, email, request.log);
    return reply.code(202).send({ email: resent });
  });

  // Members, then pending invitations (`pending: true`, no name yet: the page shows a dash
  // and offers 'Renvoyer' on those rows only).
  app.get('/organization/members', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request) =>
    listOrganizationMembers(app.db, organizationOf(request)),
  );

  // Removes an employee (archived, sessions revoked at once) or withdraws a pending invitation.
  app.delete<{ Params: { id: string } }>('/:id/archive', { preHandler: requireRole('OWNER') }, async (request, reply) => {
    await removeCollaborator(app, { ...request.auth, organizationId: organizationOf(request) }, request.params.id);
    return reply.code(204).send();
  });
};

export default userRoutes;
