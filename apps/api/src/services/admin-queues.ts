// The admins' work queues (issue 21, "The admins' day"): what waits for them, counted in one
// statement for the console's sidebar, which asks again on window focus and after each validation.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.js';
import { inquiries, organizations } from '../db/schema.js';

export interface AdminQueues {
  /** Listings 'En attente de validation' (not deleted). */
  listingsToValidate: number;
  /** Organisations not verified yet, archived ones left out. */
  organizationsToVerify: number;
  /** Listings whose soil study was delegated to the platform and has no file yet (not deleted). */
  soilStudiesDelegated: number;
}

export async function adminQueues(db: DbOrTx): Promise<AdminQueues> {
  const [row] = await db
    .select({
      listingsToValidate: sql<number>`(select count(*)::int from ${inquiries} where ${inquiries.deletedAt} is null and ${inquiries.status} = 'PENDING_VALIDATION')`,
      organizationsToVerify: sql<number>`(select count(*)::int from ${organizations} where ${organizations.archivedAt} is null and not ${organizations.verified})`,
      soilStudiesDelegated: sql<number>`(select count(*)::int from ${inquiries} where ${inquiries.deletedAt} is null and ${inquiries.soilStudyDelegation} and not ${inquiries.hasSoilStudyFile})`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}
