// The heavy tasks (issue 12, "Bounded work per request"): every PDF the API produces and the
// register's XLSX, as plain data in, bytes out. They run in the worker threads of ./pool.ts
// (./worker.ts calls `runHeavyTask`), or inline when HEAVY_WORKERS=0. Inputs cross a thread
// boundary: plain objects, arrays, strings, numbers, Dates (structured clone), no functions.
// Only types are imported here: a worker thread starts light and loads what its first task needs.
import type { Party, TransferParties } from '../pdf/transfer.js';
import type { RegisterFile, RegisterFormat, RegisterKind } from '../services/register.js';
import type { InquiryRow } from '../services/inquiries.js';
import type { InvoiceRow } from '../services/invoices.js';

export type HeavyTask =
  | { kind: 'inquiry-pdf'; row: InquiryRow; organizationName: string | null }
  | { kind: 'invoice-pdf'; invoice: InvoiceRow; paidAt: Date }
  | { kind: 'doubt-clearing-letter-pdf'; party: Party; issuedOn: Date }
  | { kind: 'pre-contract-pdf'; parties: TransferParties; issuedOn: Date }
  | { kind: 'transfer-contract-pdf'; parties: TransferParties; issuedOn: Date }
  | { kind: 'register-export'; register: RegisterKind; format: RegisterFormat; files: RegisterFile[]; zipped: boolean };

/** Each renderer (pdfkit, exceljs) is loaded by the first task that needs it (issue 13). */
export async function runHeavyTask(task: HeavyTask): Promise<Buffer> {
  switch (task.kind) {
    case 'inquiry-pdf':
      return (await import('../pdf/inquiry.js')).inquiryPdf(task.row, task.organizationName);
    case 'invoice-pdf':
      return (await import('../pdf/invoice.js')).renderInvoicePdf(task.invoice, task.paidAt);
    case 'doubt-clearing-letter-pdf':
      return (await import('../pdf/transfer.js')).doubtClearingLetterPdf(task.party, task.issuedOn);
    case 'pre-contract-pdf':
      return (await import('../pdf/transfer.js')).preContractPdf(task.parties, task.issuedOn);
    case 'transfer-contract-pdf':
      return (await import('../pdf/transfer.js')).transferContractPdf(task.parties, task.issuedOn);
    case 'register-export':
      return (await import('./register-files.js')).registerExport(task.register, task.format, task.files, task.zipped);
  }
}
