// Listings (CONTRACT §5, §8): drafts, edits, submission, the admin's status workflow with the
// credit debit at validation, e-mails to the organisation, the PDF summary; the lists with
// search, filters and paging, and the map's pins (issue 10). Handlers parse, authorise and call
// the services (src/services/inquiries.ts, inquiry-lists.ts), which own the SQL.
import { createHash, randomUUID } from 'node:crypto';
import {
  INQUIRY_STATUSES,
  INQUIRY_TYPES,
  inquiryPatchSchema,
  isInquiryStatus,
  isInquiryType,
  LISTING_BODY_LIMIT,
  messages,
  priceFor,
  refusalReasonSchema,
  toCamelKeys,
  type InquiryType,
} from '@terres/domain';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { organizationOf, requireRole } from '../../auth/guards.js';
import { bodyObject } from '../../http/input.js';
import { isUuid } from '../../http/ids.js';
import {
  parseBbox,
  parseEnum,
  parseEnumList,
  parsePaging,
  parseSearch,
  parseSort,
  parseUuid,
  sendTotal,
  type QueryValue,
} from '../../http/list-query.js';
import { problem } from '../../http/problem.js';
import { clientGone } from '../../heavy/pool.js';
import { fileNameSlug, sendAttachment } from '../../http/attachment.js';
import { mailStatusChanged } from '../../services/document-notices.js';
import { deleteDraftWithDocuments } from '../../services/documents.js';
import { inquiryHistory } from '../../services/inquiry-history.js';
import { removeQueuedFiles } from '../../services/stored-files.js';
import { alertOnValidation } from '../../services/match-alerts.js';
import {
  DEFAULT_INQUIRY_SORT,
  INQUIRY_SORT_KEYS,
  inquiryPinsJson,
  inquiryRowsByIds,
  listInquiryIds,
  PinsCache,
  pinsVersion,
} from '../../services/inquiry-lists.js';
import {
  changeInquiryStatus,
  createDraft,
  listingReadCache,
  listingVersions,
  type ListingReadCache,
  readableInquiry,
  toInquiry,
  updateContractFacts,
  updateInquiry,
} from '../../services/inquiries.js';

type Params = { Params: { id: string } };
type ListQuery = {
  Querystring: Record<'q' | 'status' | 'type' | 'sort' | 'page' | 'page_size' | 'bbox' | 'organization_id', QueryValue>;
};

/** Validates a PUT or POST body's listing fields (snake_case) with the domain's patch schema. */
function parsePatch(body: Record<string, unknown>) {
  const fields = Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'status' && key !== 'type' && key !== 'id'));
  const { materials, ...rest } = v.parse(inquiryPatchSchema, toCamelKeys(fields));
  if (materials === undefined) return rest;
  // A row without a price takes the catalogue's price for its material and quality.
  return {
    ...rest,
    materials: materials.map((m) => ({
      ...m,
      price: m.price ?? priceFor(m.materialName, m.groundComposition) ?? 0,
      // Every stored line states its soil quality: 'UNKNOWN' until the advertiser says.
      qualityClass: m.qualityClass ?? 'UNKNOWN',
      wasteCode: m.wasteCode ?? null,
      pop: m.pop ?? 'UNKNOWN',
    })),
  };
}

function statusFilter(value: QueryValue) {
  return parseEnumList(value, INQUIRY_STATUSES, messages.statusParameter);
}

function typeFilter(value: QueryValue) {
  return parseEnum<InquiryType>(value, INQUIRY_TYPES, messages.typeParameter);
}

// A listing as answered, from the listing read cache (the caller is checked on every read). Its
// own context, without the preHandler of the others: it authenticates in its handler, so that a
// session and a listing that are not in memory are read by one statement (issue 23).
const listingReadRoute: FastifyPluginAsync<{ listings: ListingReadCache }> = async (app, { listings }) => {
  app.get<Params>('/:id', async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await listings.authenticateAndReadJson(app.db, app.authenticateWith, request, request.params.id)),
  );
};

const signedInInquiryRoutes: FastifyPluginAsync<{ listings: ListingReadCache }> = async (app, { listings }) => {
  // The drafts this process edited last, with their row versions: an edit of one of them is one
  // statement (services/inquiries.ts `updateInquiry`).
  const versions = listingVersions();
  app.addHook('preHandler', app.authenticate);

  app.get<ListQuery>('/', async (request, reply) => {
    const { query } = request;
    const { ids, count, order } = await listInquiryIds(app.db, request.auth, {
      words: parseSearch(query.q),
      statuses: statusFilter(query.status),
      type: typeFilter(query.type),
      organizationId: parseUuid(query.organization_id, messages.organizationIdParameter),
      sort: parseSort(query.sort, INQUIRY_SORT_KEYS, DEFAULT_INQUIRY_SORT),
      paging: parsePaging(query),
    });
    sendTotal(reply, count);
    // Each listing's answer from the listing read cache when kept there (the same JSON as GET /inquiries/{id}).
    const json = await listings.listJson(request.auth, ids, (missing) => inquiryRowsByIds(app.db, missing, order));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // The admin map's light projection (issue 10); a static path, so it wins over '/:id'. The
  // answer is cached per query and data version, and revalidated by the browser (ETag, 304).
  const pins = new PinsCache();
  app.get<ListQuery>('/pins', { preHandler: requireRole('ADMIN') }, async (request, reply) => {
    const { query } = request;
    const filter = { statuses: statusFilter(query.status), type: typeFilter(query.type), bbox: parseBbox(query.bbox) };
    const key = JSON.stringify(filter);
    const version = await pinsVersion(app.db);
    // Weak: the same pins may come in another order.
    const etag = `W/"pins-${createHash('sha256').update(`${version}|${key}`).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    const asked = request.headers['if-none-match']?.split(',').map((tag) => tag.trim()) ?? [];
    if (asked.includes(etag)) return reply.code(304).send();
    const json = await pins.get(key, version, () => inquiryPinsJson(app.db, filter));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // A listing body holds up to MAX_MATERIAL_LINES lines and MAX_PARCELS parcels: its own limit.
  app.post('/', { preHandler: requireRole('OWNER', 'EMPLOYEE'), bodyLimit: LISTING_BODY_LIMIT }, async (request, reply) => {
    const organizationId = organizationOf(request);
    const body = bodyObject(request.body);
    if (!isInquiryType(body.type)) {
      throw problem(422, messages.inquiryTypeInvalid, { errors: { type: messages.inquiryTypeInvalid } });
    }
    if (body.status !== undefined && body.status !== 'DRAFT') {
      throw problem(422, messages.createdAsDraft, { errors: { status: messages.createdAsDraft } });
    }
    if (typeof body.project_name !== 'string' || body.project_name.trim() === '') {
      throw problem(422, messages.projectNameRequired, { errors: { project_name: messages.projectNameRequired } });
    }
    if (body.id !== undefined && (typeof body.id !== 'string' || !isUuid(body.id))) {
      throw problem(422, messages.listingIdInvalid, { errors: { id: messages.listingIdInvalid } });
    }
    const { type: _type, status: _status, id, ...wireFields } = body;
    const created = await createDraft(
      app.db,
      { ...request.auth, organizationId },
      {
        id: (id as string | undefined) ?? randomUUID(),
        type: body.type,
        wireFields,
        parseFields: () => parsePatch(body),
        maxDrafts: app.config.maxDraftsPerOrganization,
      },
    );
    return reply.code(201).send(toInquiry(created));
  });

  app.put<Params>('/:id', { preHandler: requireRole('OWNER', 'EMPLOYEE'), bodyLimit: LISTING_BODY_LIMIT }, async (request) => {
    const body = bodyObject(request.body);
    const submit = body.status === 'PENDING_VALIDATION';
    if (body.status !== undefined && body.status !== 'DRAFT' && !submit) {
      throw problem(422, messages.statusOnlySubmission, { errors: { status: messages.statusInvalid } });
    }
    const { status: _status, ...wireFields } = body;
    const row = await updateInquiry(app.db, request.auth, request.params.id, { wireFields, parseFields: () => parsePatch(body), submit }, versions);
    if (submit) await mailStatusChanged(app, row);
    return toInquiry(row);
  });

  // The contract's facts of a validated listing (issue 19, decision 0175): its organisation or an
  // admin; any other field is refused, another organisation's listing is a 404.
  app.put<Params>('/:id/contract-facts', { preHandler: requireRole('OWNER', 'EMPLOYEE', 'ADMIN') }, async (request) =>
    toInquiry(await updateContractFacts(app.db, request.auth, request.params.id, bodyObject(request.body))),
  );

  app.delete<Params>('/:id', { preHandler: requireRole('OWNER', 'EMPLOYEE') }, async (request, reply) => {
    // Its documents go with it, and their files once committed (issue 20; the sweep if storage fails).
    const released = await deleteDraftWithDocuments(app.db, request.auth, request.params.id);
    if (released.length > 0) await removeQueuedFiles(app.db, app.storage, released, request.log);
    return reply.code(204).send();
  });

  app.put<Params>('/:id/status', async (request) => {
    if (request.auth.role !== 'ADMIN') {
      // Another organisation's listing stays a 404 here too (CONTRACT §4); one's own is a 403.
      await readableInquiry(app.db, request.auth, request.params.id);
      throw problem(403, messages.forbidden);
    }
    const body = bodyObject(request.body);
    if (!isInquiryStatus(body.status)) {
      throw problem(422, messages.statusUnknown, { errors: { status: messages.statusUnknown } });
    }
    const outcome = await changeInquiryStatus(app.db, request.auth, request.params.id, body.status, () => {
      const parsed = v.safeParse(refusalReasonSchema, body.reason);
      if (!parsed.success) throw problem(422, parsed.issues[0].message, { errors: { reason: parsed.issues[0].message } });
      return parsed.output;
    });
    await mailStatusChanged(app, outcome.row, outcome.debited ? { debited: outcome.debited } : {});
    // A validated listing's matches: the admins get the best ones, its organisation the count,
    // earlier compatible listings' owners the news (at most once a day each).
    if (outcome.row.status === 'APPROVED') {
      await alertOnValidation(
        {
          db: app.db,
          mailer: app.mailer,
          log: app.log,
          matching: app.config.matching,
          adminEmails: app.config.adminEmails,
          advertiserPortalUrl: app.config.advertiserPortalUrl,
          adminConsoleUrl: app.config.adminConsoleUrl,
        },
        outcome.row,
      );
    }
    return toInquiry(outcome.row);
  });

  // The listing's dated history from the audit log, for admins (issue 21). A member reading
  // another organisation's listing gets its 404 first, one of their own a 403.
  app.get<Params>('/:id/history', async (request) => {
    const row = await readableInquiry(app.db, request.auth, request.params.id);
    if (request.auth.role !== 'ADMIN') throw problem(403, messages.forbidden);
    return inquiryHistory(app.db, row.id);
  });

  app.get<Params>('/:id/pdf', async (request, reply) => {
    const row = await readableInquiry(app.db, request.auth, request.params.id);
    // In a worker thread (src/heavy/): 503 + Retry-After when every thread and the queue are busy.
    const pdf = await app.heavy.run({ kind: 'inquiry-pdf', row, organizationName: row.organizationName || null }, { signal: clientGone(reply), account: request.auth.userId });
    const fileName = `annonce-${fileNameSlug(row.projectName) || row.id}.pdf`;
    return sendAttachment(reply, { fileName, naming: 'generated', contentType: 'application/pdf' }, pdf);
  });
};

const inquiryRoutes: FastifyPluginAsync = async (app) => {
  // The listing read cache, shared by the listing read and the list's pages.
  const listings = listingReadCache(app);
  await app.register(listingReadRoute, { listings });
  await app.register(signedInInquiryRoutes, { listings });
};

export default inquiryRoutes;
