// Matching alerts (issue 11), sent once a listing's validation is committed:
// - the admins get its best matches (at most 5, exact figures), its organisation how many
//   compatible sites exist (kind VALIDATED);
// - the organisation of each earlier compatible listing learns that a new one appeared (kind
//   NEW_COMPATIBLE), at most once a day per listing.
// What advertisers are told (the count, which earlier listings are alerted, the distance, volume
// and CO2e mailed) comes from the coarse search (`findAdvertiserMatches`, domain
// `rankForAdvertiser`), the same as their portal shows: an e-mail never locates or prices the
// other site more precisely than the portal does (issue 20).
// Each goes through `notify` (issue 21): recorded for the header's list of each recipient, e-mailed
// at once or in the daily summary as the recipient's preference for MATCH says.
// A `match_alerts` row (listing, kind, Paris day) is inserted before each sending with
// `on conflict do nothing`: only the request that inserted it sends, so retries and parallel
// validations never mail twice in a day; a failed sending removes its row, so a later event
// may try again. Errors are logged, never returned: the validation is committed.
import { todayInParis, type MatchingConfig } from '@terres/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { matchAlerts } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { bestMatchesForAdminsEmail, compatibleSitesEmail, newCompatibleSiteEmail } from '../mail/templates/matching.js';
import type { InquiryRow } from './inquiries.js';
import { consoleLinks, portalLinks } from './links.js';
import { adminRecipients, organizationRecipients } from './recipients.js';
import { findAdvertiserMatches, findMatches } from './matching.js';
import { notify } from './notifications.js';

export interface AlertContext {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  matching: MatchingConfig;
  adminEmails: readonly string[];
  advertiserPortalUrl: string;
  adminConsoleUrl: string;
}

/** Best matches mailed to admins; earlier compatible listings alerted (at most this many). */
const ADMIN_BEST = 5;
const COUNTERPARTS_ALERTED = 200;

export type AlertKind = 'VALIDATED' | 'NEW_COMPATIBLE';

/** True when this call claimed today's alert of that kind for the listing (and may send it). */
async function claimAlert(db: Db, inquiryId: string, kind: AlertKind, count: number, day: string): Promise<boolean> {
  const inserted = await db
    .insert(matchAlerts)
    .values({ inquiryId, kind, day, compatibleCount: count })
    .onConflictDoNothing()
    .returning({ inquiryId: matchAlerts.inquiryId });
  return inserted.length > 0;
}

async function releaseAlert(db: Db, inquiryId: string, kind: AlertKind, day: string): Promise<void> {
  await db.delete(matchAlerts).where(and(eq(matchAlerts.inquiryId, inquiryId), eq(matchAlerts.kind, kind), eq(matchAlerts.day, day)));
}



async function sendOnce(context: AlertContext, inquiryId: string, kind: AlertKind, count: number, send: () => Promise<void>): Promise<boolean> {
  const day = todayInParis();
  if (!(await claimAlert(context.db, inquiryId, kind, count, day))) return false;
  try {
    await send();
    return true;
  } catch (error) {
    await releaseAlert(context.db, inquiryId, kind, day).catch(() => undefined);
    throw error;
  }
}

export interface ValidationAlerts {
  /** Compatible sites found for the validated listing. */
  total: number;
  /** Earlier listings whose owners were mailed. */
  counterpartsAlerted: number;
}

/** Everything a validation sets off (see the file's head). Never throws. */
export async function alertOnValidation(context: AlertContext, row: InquiryRow): Promise<ValidationAlerts> {
  const outcome: ValidationAlerts = { total: 0, counterpartsAlerted: 0 };
  try {
    const exact = await findMatches(context.db, row, context.matching, ADMIN_BEST);
    const { total, ranked } = await findAdvertiserMatches(context.db, row, context.matching, COUNTERPARTS_ALERTED);
    outcome.total = total;
    const consoleUrl = consoleLinks(context).listingManagement(row.id);
    await sendOnce(context, row.id, 'VALIDATED', total, async () => {
      const admins = await adminRecipients(context.db, context.adminEmails);
      const adminMail = bestMatchesForAdminsEmail({
        projectName: row.projectName,
        type: row.type,
        organizationName: row.organizationName,
        total: exact.total,
        best: exact.ranked.map(({ match, candidate }) => ({
          projectName: candidate.projectName,
          organizationName: candidate.organizationName,
          roadKm: match.distance.roadKm,
          matchedM3: match.volume.matchedM3,
          co2SavedKg: match.co2.savedKg,
          score: match.score,
        })),
        consoleUrl,
      });
      // With compatible sites, the admins have matches to propose: at once whatever their preference.
      await notify(context, admins, { kind: 'MATCH', needsAction: exact.total > 0, url: consoleUrl, mail: adminMail });
      const detailUrl = portalLinks(context).listingOverview(row.id);
      const ownMail = compatibleSitesEmail({ projectName: row.projectName, type: row.type, total, detailUrl });
      await notify(context, await organizationRecipients(context.db, row.organizationId), { kind: 'MATCH', url: detailUrl, mail: ownMail });
    });
    // The coarse view is symmetric: what this listing's owners are shown of the candidate is
    // what the candidate's owners are told of this listing.
    for (const { view, candidate } of ranked) {
      const sent = await sendOnce(context, candidate.id, 'NEW_COMPATIBLE', 1, async () => {
        const detailUrl = portalLinks(context).listingOverview(candidate.id);
        const mail = newCompatibleSiteEmail({
          projectName: candidate.projectName,
          type: candidate.type,
          roadKm: view.roadKm,
          matchedM3: view.matchedM3,
          co2SavedKg: view.co2SavedKg,
          detailUrl,
        });
        await notify(context, await organizationRecipients(context.db, candidate.organizationId), { kind: 'MATCH', url: detailUrl, mail });
      });
      if (sent) outcome.counterpartsAlerted += 1;
    }
  } catch (error) {
    context.log.error({ err: error, inquiryId: row.id }, 'matching alerts not sent');
  }
  return outcome;
}
