// Matching (issue 11): a listing's compatible sites (GET /inquiries/{id}/matches), and the matches
// admins propose between a CUT and a FILL listing (/matches). Handlers parse, authorise and call
// the services (src/services/matching.ts, matches.ts), which own the SQL and the locks.
import {
  createMatchDoneSchema,
  isGeneratedDocumentKind,
  isMatchableStatus,
  isMatchStatus,
  MATCH_STATUSES,
  matchingMessages,
  toCamelKeys,
  type MatchStatus,
  messages,
} from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { requireRole } from '../../auth/guards.js';
import { asSystem } from '../../db/scope.js';
import { bodyObject } from '../../http/input.js';
import { isUuid } from '../../http/ids.js';
import { parseEnumList, parsePaging, sendTotal, type QueryValue } from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import { mailDocumentSent, mailStatusChanged } from '../../services/document-notices.js';
import { toDocument } from '../../services/documents.js';
import { clientGone } from '../../heavy/pool.js';
import { generateDocument } from '../../services/generated-documents.js';
import { readableInquiry, toInquiry } from '../../services/inquiries.js';
import {
  answerMatches,
  changeMatchStatus,
  findMatch,
  listMatches,
  matchSavingsSummary,
  openMatchesOf,
  proposeMatch,
  toFigures,
  toParty,
} from '../../services/matches.js';
import { findAdvertiserMatches, findMatches } from '../../services/matching.js';

type PageQuery = Record<'page' | 'page_size', QueryValue>;

/** Suggestions answered by default, and at most. */
export const DEFAULT_MATCH_LIMIT = 10;
export const MAX_MATCH_LIMIT = 50;

function parseLimit(value: QueryValue): number {
  if (value === undefined) return DEFAULT_MATCH_LIMIT;
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) throw problem(400, matchingMessages.matchesLimit);
  const limit = Number(text);
  if (limit < 1 || limit > MAX_MATCH_LIMIT) throw problem(400, matchingMessages.matchesLimit);
  return limit;
}

const matchRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);

  // Admins: the ranked sites with who they are and their exact figures (`items`). The listing's
  // organisation: how many there are and the best ones in coarse figures only (`sites`, domain
  // `rankForAdvertiser`: nothing locates the other site within about 1 km or prices it within
  // about 1 €/m³; README "What an advertiser sees of a counterpart"). Anyone else: 404, as every
  // listing path. Before validation an advertiser's listing has no matches yet.
  app.get<{ Params: { id: string }; Querystring: { limit?: QueryValue } }>('/inquiries/:id/matches', async (request) => {
    const listing = await readableInquiry(app.db, request.auth, request.params.id);
    const limit = parseLimit(request.query.limit);
    const admin = request.auth.role === 'ADMIN';
    const settings = app.config.matching;
    const answer = {
      total: 0,
      items: [] as unknown[],
      sites: [] as unknown[],
      // Public constants (the README's defaults): every advertiser figure is computed from
      // coarse inputs, so inverting a figure with them gives back the coarse input only.
      settings: {
        radiusKm: settings.radiusKm,
        detourFactor: settings.detourFactor,
        truckPayloadTonnes: settings.truckPayloadTonnes,
        soilDensityTonnesPerM3: settings.soilDensityTonnesPerM3,
        co2KgPerM3Km: settings.co2KgPerM3Km,
        disposalDistanceKm: settings.disposalDistanceKm,
      },
    };
    if (admin) {
      const { total, ranked } = await findMatches(app.db, listing, settings, limit);
      const open = await openMatchesOf(app.db, listing.id);
      answer.total = total;
      answer.items = ranked.map(({ match, candidate }) => ({
        ...toFigures(match),
        counterpart: toParty(candidate),
        proposal: open.get(candidate.id) ?? null,
      }));
      return answer;
    }
    if (!isMatchableStatus(listing.status) && listing.status !== 'PROCESSED') return answer;
    // The candidates are other organisations' listings: the request reads them across
    // organisations (named), and answers their coarse view only.
    const { total, ranked } = await asSystem('matching', () => findAdvertiserMatches(app.db, listing, settings, limit));
    answer.total = total;
    answer.sites = ranked.map(({ view }) => view);
    return answer;
  });

  // The doubt-clearing letter, the pre-contract and the transfer contract, generated as PDFs and
  // sent to the organisations (src/services/generated-documents.ts). 201 when made now, 200
  // when it existed already (a retried click): nothing is made or moved twice.
  app.post<{ Params: { id: string } }>('/inquiries/:id/generated-documents', async (request, reply) => {
    if (request.auth.role !== 'ADMIN') {
      // Another organisation's listing stays a 404 (CONTRACT §4); one's own is a 403.
      await readableInquiry(app.db, request.auth, request.params.id);
      throw problem(403, messages.forbidden);
    }
    const body = toCamelKeys(bodyObject(request.body)) as { kind?: unknown; matchId?: unknown };
    if (!isGeneratedDocumentKind(body.kind)) {
      throw problem(422, matchingMessages.documentKindNotGenerated, { errors: { kind: matchingMessages.documentKindNotGenerated } });
    }
    if (body.matchId !== undefined && body.matchId !== null && typeof body.matchId !== 'string') {
      throw problem(422, matchingMessages.matchNotFound, { errors: { match_id: matchingMessages.matchNotFound } });
    }
    const outcome = await generateDocument(app.db, app.storage, request.auth, request.params.id, body.kind, {
      ...(typeof body.matchId === 'string' ? { matchId: body.matchId } : {}),
      // The PDF in a worker thread (src/heavy/): 503 + Retry-After when they are all busy.
      render: (task) => app.heavy.run(task, { signal: clientGone(reply), account: request.auth.userId }),
      soilDensityTonnesPerM3: app.config.matching.soilDensityTonnesPerM3,
    });
    for (const { listing, document } of outcome.sent) await mailDocumentSent(app, listing, document);
    for (const row of outcome.moved) await mailStatusChanged(app, row);
    const listing = outcome.moved.find((row) => row.id === request.params.id) ?? (await readableInquiry(app.db, request.auth, request.params.id));
    return reply.code(outcome.created ? 201 : 200).send({ created: outcome.created, document: toDocument(outcome.document), inquiry: toInquiry(listing) });
  });

  app.post('/matches', { preHandler: requireRole('ADMIN') }, async (request, reply) => {
    const body = toCamelKeys(bodyObject(request.body)) as { cutInquiryId?: unknown; fillInquiryId?: unknown };
    if (typeof body.cutInquiryId !== 'string' || typeof body.fillInquiryId !== 'string') {
      throw problem(422, matchingMessages.matchInquiryIdRequired, {
        errors: {
          ...(typeof body.cutInquiryId !== 'string' ? { cut_inquiry_id: matchingMessages.matchInquiryIdRequired } : {}),
          ...(typeof body.fillInquiryId !== 'string' ? { fill_inquiry_id: matchingMessages.matchInquiryIdRequired } : {}),
        },
      });
    }
    const row = await proposeMatch(app.db, request.auth, { cutInquiryId: body.cutInquiryId, fillInquiryId: body.fillInquiryId }, app.config.matching);
    const [answer] = await answerMatches(app.db, [row], app.config.matching);
    return reply.code(201).send(answer);
  });

  app.get<{ Querystring: PageQuery & { inquiry_id?: QueryValue; status?: QueryValue } }>('/matches', { preHandler: requireRole('ADMIN') }, async (request, reply) => {
    const raw = request.query.inquiry_id;
    const inquiryId = Array.isArray(raw) ? raw[0] : raw;
    const paging = parsePaging(request.query);
    if (inquiryId !== undefined && !isUuid(inquiryId)) {
      sendTotal(reply, { total: 0, capped: false });
      return [];
    }
    const statuses = parseEnumList<MatchStatus>(request.query.status, MATCH_STATUSES, matchingMessages.matchStatusUnknown);
    const { rows, count } = await listMatches(app.db, { ...(inquiryId ? { inquiryId } : {}), ...(statuses ? { statuses } : {}) }, paging);
    sendTotal(reply, count);
    return answerMatches(app.db, rows, app.config.matching);
  });

  // The transfers done, all together (the console's summary): one answer, whatever their number.
  app.get('/matches/savings', { preHandler: requireRole('ADMIN') }, async () => matchSavingsSummary(app.db, app.config.matching));

  app.get<{ Params: { id: string } }>('/matches/:id', { preHandler: requireRole('ADMIN') }, async (request) => {
    const [answer] = await answerMatches(app.db, [await findMatch(app.db, request.params.id)], app.config.matching);
    return answer;
  });

  app.put<{ Params: { id: string } }>('/matches/:id/status', { preHandler: requireRole('ADMIN') }, async (request) => {
    const body = toCamelKeys(bodyObject(request.body)) as { status?: unknown; movedVolumeM3?: unknown; transferDate?: unknown };
    if (!isMatchStatus(body.status)) {
      throw problem(422, matchingMessages.matchStatusUnknown, { errors: { status: matchingMessages.matchStatusUnknown } });
    }
    const status = body.status;
    // The volume and day are read only for DONE; the move's own rule (409) is checked first.
    const current = await findMatch(app.db, request.params.id);
    let done: { movedVolumeM3: number; transferDate?: string | undefined } | undefined;
    if (status === 'DONE' && current.status === 'ACCEPTED') {
      const { movedVolumeM3, transferDate } = body;
      done = v.parse(createMatchDoneSchema(), transferDate === undefined ? { movedVolumeM3 } : { movedVolumeM3, transferDate });
    }
    const row = await changeMatchStatus(app.db, request.auth, request.params.id, { status, ...(done ? { done } : {}) });
    const [answer] = await answerMatches(app.db, [row], app.config.matching);
    return answer;
  });
};

export default matchRoutes;
