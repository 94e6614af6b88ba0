// Soil studies (études de sol), for admins: the table (search, paging) and one row. The
// queries live in src/services/soil-studies.ts.
import { messages } from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import { isUuid } from '../../http/ids.js';
import { parseEnum, parsePaging, parseSearch, parseSort, sendTotal, type QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import {
  DEFAULT_SOIL_STUDY_SORT,
  listSoilStudies,
  SOIL_STUDY_SORT_KEYS,
  SOIL_STUDY_STATES,
} from '../../services/soil-studies.js';

const soilStudyRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('ADMIN'));

  app.get<{ Querystring: Record<'q' | 'state' | 'sort' | 'page' | 'page_size', QueryValue> }>('/', async (request, reply) => {
    const { query } = request;
    const { rows, count } = await listSoilStudies(app.db, {
      words: parseSearch(query.q),
      // The 'Études de sol confiées' queue opens with state=delegated (issue 21).
      state: parseEnum(query.state, SOIL_STUDY_STATES, messages.soilStudyStateParameter),
      sort: parseSort(query.sort, SOIL_STUDY_SORT_KEYS, DEFAULT_SOIL_STUDY_SORT),
      paging: parsePaging(query),
    });
    sendTotal(reply, count);
    return rows;
  });

  app.get<{ Params: { id: string } }>('/:id', async (request) => {
    if (!isUuid(request.params.id)) throw problem(404, messages.soilStudyNotFound);
    const { rows } = await listSoilStudies(app.db, { id: request.params.id });
    const [row] = rows;
    if (!row) throw problem(404, messages.soilStudyNotFound);
    return row;
  });
};

export default soilStudyRoutes;
