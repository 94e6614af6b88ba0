// E-mails that follow a committed change, sent to a listing's organisation: a document the
// platform sent ('Envoyés', uploaded by an admin or generated) and a status change. A mail
// outage is logged, never turned into an error: the change is committed.
import type { FastifyInstance } from 'fastify';
import { documentSentEmail } from '../mail/templates/document-sent.js';
import { inquiryStatusEmail } from '../mail/templates/inquiry-status.js';
import type { DocumentRow } from './documents.js';
import { inquiryRecipients, type InquiryRow } from './inquiries.js';
import { portalLinks } from './links.js';
import { organizationRecipients } from './recipients.js';

type App = Pick<FastifyInstance, 'db' | 'mailer' | 'log' | 'config'>;

/** Mails the organisation's active users that the platform sent them a document. */
export async function mailDocumentSent(app: App, inquiry: InquiryRow, row: DocumentRow): Promise<void> {
  try {
    // An archived organisation's users can no longer sign in to read it: none are mailed.
    const recipients = await organizationRecipients(app.db, inquiry.organizationId);
    const mail = documentSentEmail({
      projectName: inquiry.projectName,
      type: inquiry.type,
      fileName: row.fileName,
      documentsUrl: portalLinks(app.config).listingDocuments(inquiry.id),
    });
    // One message per user: colleagues' addresses are not disclosed to each other.
    for (const email of recipients) await app.mailer.send({ to: email, ...mail });
  } catch (error) {
    app.log.error({ err: error, inquiryId: inquiry.id, documentId: row.id }, 'document e-mail not sent');
  }
}

/**
 * Mails the organisation's active users a listing's new status (CONTRACT §7): a submission, an
 * admin's move (with the debit at validation), a move a match made.
 */
export async function mailStatusChanged(app: App, row: InquiryRow, extra: { debited?: { cost: number; balance: number } } = {}): Promise<void> {
  try {
    const recipients = await inquiryRecipients(app.db, row);
    if (recipients.length === 0) return;
    const mail = inquiryStatusEmail({
      projectName: row.projectName,
      type: row.type,
      status: row.status,
      reason: row.rejectionReason,
      detailUrl: portalLinks(app.config).listingOverview(row.id),
      ...extra,
    });
    // One message per user: colleagues' addresses are not disclosed to each other.
    for (const email of recipients) await app.mailer.send({ to: email, ...mail });
  } catch (error) {
    app.log.error({ err: error, inquiryId: row.id }, 'listing e-mail not sent');
  }
}
