// Soil studies (études de sol), for admins: one row per listing that has a soil study file or
// whose organisation delegated the study to the platform (CONTRACT §5). The row id is the
// listing's; the file itself downloads through GET /documents/{id}/download.
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { requireRole } from '../../auth/guards.js';
import type { DbOrTx } from '../../db/index.js';
import { documents, inquiries, organizations } from '../../db/schema.js';
import { problem } from '../../http/problem.js';
import { isUuid } from '../../http/ids.js';

export const SOIL_STUDY_NOT_FOUND_DETAIL = 'Étude de sol introuvable.';

const hasSoilStudyFile = sql<boolean>`exists (select 1 from ${documents} d where d.inquiry_id = ${inquiries.id} and d.kind = 'SOIL_STUDY' and d.deleted_at is null)`;

async function soilStudyRows(db: DbOrTx, id?: string) {
  const rows = await db
    .select({
      id: inquiries.id,
      projectName: inquiries.projectName,
      siteAddress: inquiries.siteAddress,
      street: inquiries.projectOwnerStreet,
      postcode: inquiries.projectOwnerPostcode,
      city: inquiries.projectOwnerCity,
      organizationName: organizations.name,
      delegated: inquiries.soilStudyDelegation,
      hasFile: hasSoilStudyFile,
      createdAt: inquiries.createdAt,
    })
    .from(inquiries)
    .innerJoin(organizations, eq(organizations.id, inquiries.organizationId))
    .where(
      and(
        isNull(inquiries.deletedAt),
        or(eq(inquiries.soilStudyDelegation, true), hasSoilStudyFile),
        id ? eq(inquiries.id, id) : undefined,
      ),
    )
    .orderBy(desc(inquiries.createdAt));
  const files = rows.length
    ? await db
        .select({ id: documents.id, inquiryId: documents.inquiryId, fileName: documents.fileName })
        .from(documents)
        .where(and(inArray(documents.inquiryId, rows.map((r) => r.id)), eq(documents.kind, 'SOIL_STUDY'), isNull(documents.deletedAt)))
        // The newest study wins when several were uploaded.
        .orderBy(desc(documents.createdAt))
    : [];
  return rows.map((row) => {
    const file = files.find((f) => f.inquiryId === row.id);
    // The site's own address when its label reads '<street>, <postcode> <city>' (the national
    // address service's format), else the project owner's structured address.
    const site = row.siteAddress ? /^(.+?)[,\s]+(\d{5})\s+(.+)$/.exec(row.siteAddress.trim()) : null;
    return {
      id: row.id,
      inquiryId: row.id,
      projectName: row.projectName,
      siteAddress: row.siteAddress,
      street: site ? site[1]! : row.street,
      postcode: site ? site[2]! : row.postcode,
      city: site ? site[3]! : row.city,
      organizationName: row.organizationName,
      hasFile: Boolean(row.hasFile),
      delegated: row.delegated,
      documentId: file?.id ?? null,
      fileName: file?.fileName ?? null,
    };
  });
}

const soilStudyRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireRole('ADMIN'));

  app.get('/', async () => soilStudyRows(app.db));

  app.get<{ Params: { id: string } }>('/:id', async (request) => {
    if (!isUuid(request.params.id)) throw problem(404, SOIL_STUDY_NOT_FOUND_DETAIL);
    const [row] = await soilStudyRows(app.db, request.params.id);
    if (!row) throw problem(404, SOIL_STUDY_NOT_FOUND_DETAIL);
    return row;
  });
};

export default soilStudyRoutes;
