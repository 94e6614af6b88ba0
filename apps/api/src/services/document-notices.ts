// Notices that follow a committed change, sent to a listing's organisation through
// `notify` (issue 21: recorded for the header's list, e-mailed at once or in the daily summary):
// a document the platform sent ('Envoyés', uploaded by an admin or generated) and a status change.
// A failure is logged, never turned into an error: the change is committed.
import type { FastifyInstance } from 'fastify';
import { documentSentEmail } from '../mail/templates/document-sent.js';
import { inquiryStatusEmail } from '../mail/templates/inquiry-status.js';
import type { DocumentRow } from './documents.js';
import type { InquiryRow } from './inquiries.js';
import { portalLinks } from './links.js';
import { notify } from './notifications.js';
import { organizationRecipients } from './recipients.js';

type App = Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>;

/** Tells the organisation's active users that the platform sent them a document. */
export async function mailDocumentSent(app: App, inquiry: InquiryRow, row: DocumentRow): Promise<void> {
  try {
    // An archived organisation's users can no longer sign in to read it: none are told.
    const recipients = await organizationRecipients(app.db, inquiry.organizationId);
    const documentsUrl = portalLinks(app.config).listingDocuments(inquiry.id);
    const mail = documentSentEmail({ projectName: inquiry.projectName, type: inquiry.type, fileName: row.fileName, documentsUrl });
    await notify(app, recipients, { kind: 'DOCUMENT', url: documentsUrl, mail });
  } catch (error) {
    app.log.error({ err: error, inquiryId: inquiry.id, documentId: row.id }, 'document notice not recorded');
  }
}

/**
 * Tells the organisation's active users a listing's new status (CONTRACT §7): a submission, an
 * admin's move (with the debit at validation), a move a match made. A refusal needs their action:
 * it is e-mailed at once whatever their preference.
 */
export async function mailStatusChanged(app: App, row: InquiryRow, extra: { debited?: { cost: number; balance: number } } = {}): Promise<void> {
  try {
    const recipients = await organizationRecipients(app.db, row.organizationId);
    const detailUrl = portalLinks(app.config).listingOverview(row.id);
    const mail = inquiryStatusEmail({
      projectName: row.projectName,
      type: row.type,
      status: row.status,
      reason: row.rejectionReason,
      detailUrl,
      ...extra,
    });
    await notify(app, recipients, { kind: 'STATUS', needsAction: row.status === 'REJECTED', url: detailUrl, mail });
  } catch (error) {
    app.log.error({ err: error, inquiryId: row.id }, 'listing notice not recorded');
  }
}
