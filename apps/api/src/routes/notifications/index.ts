// The signed-in user's notifications (issue 21): the header's list with its unread count, reading
// them, and the e-mail preferences per kind. Every role has its own; nobody reads another's (the
// services name the caller in every query). SQL in src/services/notifications.ts.
import { notificationMessages, notificationPreferencesSchema, NOTIFICATIONS_PAGE_SIZE } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { isUuid } from '../../http/ids.js';
import { parseBody } from '../../http/input.js';
import { parsePaging, type QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  readNotificationPreferences,
  updateNotificationPreferences,
} from '../../services/notifications.js';

const notificationRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get<{ Querystring: { page?: QueryValue; page_size?: QueryValue } }>('/', async (request) => {
    const { page, page_size: pageSize } = request.query;
    // Without paging, the bell's page (not the 100 rows other lists answer).
    const paging = page === undefined && pageSize === undefined ? { page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE } : parsePaging(request.query);
    return listNotifications(app.db, request.auth.userId, paging);
  });

  app.post('/read-all', async (request, reply) => {
    await markAllNotificationsRead(app.db, request.auth.userId);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/:id/read', async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id) || !(await markNotificationRead(app.db, request.auth.userId, id))) {
      throw problem(404, notificationMessages.notificationNotFound);
    }
    return reply.code(204).send();
  });

  app.get('/preferences', async (request) => readNotificationPreferences(app.db, request.auth.userId));

  app.put('/preferences', async (request) => {
    const { preferences } = parseBody(notificationPreferencesSchema, request.body);
    return updateNotificationPreferences(app.db, request.auth.userId, preferences);
  });
};

export default notificationRoutes;
