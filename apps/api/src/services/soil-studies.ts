// Soil studies (études de sol), for admins (CONTRACT §5): one row per listing that has a soil
// study file or whose organisation delegated the study to the platform. The row id is the
// listing's; the file itself downloads through GET /documents/{id}/download.
import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { splitAddressLabel } from '@terres/domain';
import type { DbOrTx } from '../db/index.js';
import { documents, inquiries } from '../db/schema.js';
import type { ListCount, Paging, Sort } from '../http/list-query.js';
import { inquiryOrder, pagedInquiryIds } from './inquiry-lists.js';
import { searchCondition } from './search.js';

export const SOIL_STUDY_SORT_KEYS = ['created_at'] as const;
export type SoilStudySortKey = (typeof SOIL_STUDY_SORT_KEYS)[number];
/**
 * `delegated`: delegated to the platform and no study file yet (what GET /admin/queues counts as
 * soilStudiesDelegated); `provided`: a study file is there.
 */
export const SOIL_STUDY_STATES = ['delegated', 'provided'] as const;
export type SoilStudyState = (typeof SOIL_STUDY_STATES)[number];
export const DEFAULT_SOIL_STUDY_SORT: Sort<SoilStudySortKey> = { key: 'created_at', descending: true };

export interface SoilStudyQuery {
  /** The quick search's words: matched like the listings' search (site address, organisation...). */
  words?: readonly string[] | null;
  sort?: Sort<SoilStudySortKey>;
  /** Null: every row. */
  paging?: Paging | null;
  /** One listing's row only. */
  id?: string;
  /** Undefined: every row. */
  state?: SoilStudyState | undefined;
}

const soilStudyColumns = {
  id: inquiries.id,
  projectName: inquiries.projectName,
  siteAddress: inquiries.siteAddress,
  street: inquiries.projectOwnerStreet,
  postcode: inquiries.projectOwnerPostcode,
  city: inquiries.projectOwnerCity,
  organizationName: inquiries.organizationName,
  delegated: inquiries.soilStudyDelegation,
  hasFile: inquiries.hasSoilStudyFile,
};

interface SoilStudyRow {
  id: string;
  projectName: string;
  siteAddress: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  organizationName: string;
  delegated: boolean;
  hasFile: boolean;
}

/**
 * The rows (one page, or all) and their count: exact, or up to the search cap with `q`. The
 * rows are those of `inquiries_soil_studies_idx` (a delegation, or a study file: the flag a
 * trigger on documents keeps), paged like the listings (deep pages read from the end).
 */
export async function listSoilStudies(db: DbOrTx, query: SoilStudyQuery = {}) {
  const where = and(
    isNull(inquiries.deletedAt),
    or(eq(inquiries.soilStudyDelegation, true), eq(inquiries.hasSoilStudyFile, true)),
    query.id ? eq(inquiries.id, query.id) : undefined,
    query.state === 'delegated' ? and(eq(inquiries.soilStudyDelegation, true), eq(inquiries.hasSoilStudyFile, false)) : undefined,
    query.state === 'provided' ? eq(inquiries.hasSoilStudyFile, true) : undefined,
    query.words ? searchCondition(inquiries.searchText, query.words) : undefined,
  );
  const sort = { column: inquiries.createdAt, descending: (query.sort ?? DEFAULT_SOIL_STUDY_SORT).descending };
  const select = (condition: SQL | undefined) => db.select(soilStudyColumns).from(inquiries).where(condition).orderBy(...inquiryOrder(sort));
  if (!query.paging) {
    const rows = await select(where);
    return { rows: await withFiles(db, rows), count: { total: rows.length, capped: false } satisfies ListCount };
  }
  const { ids, count: counted } = await pagedInquiryIds(db, where, sort, query.paging, Boolean(query.words));
  const rows = ids.length ? await select(inArray(inquiries.id, ids)) : [];
  return { rows: await withFiles(db, rows), count: counted };
}

/** Adds each row's newest study file and splits the site address for the table. */
async function withFiles(db: DbOrTx, rows: readonly SoilStudyRow[]) {
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
    const site = splitAddressLabel(row.siteAddress);
    return {
      id: row.id,
      inquiryId: row.id,
      projectName: row.projectName,
      siteAddress: row.siteAddress,
      street: site ? site.street : row.street,
      postcode: site ? site.postcode : row.postcode,
      city: site ? site.city : row.city,
      organizationName: row.organizationName,
      hasFile: Boolean(row.hasFile),
      delegated: row.delegated,
      documentId: file?.id ?? null,
      fileName: file?.fileName ?? null,
    };
  });
}
