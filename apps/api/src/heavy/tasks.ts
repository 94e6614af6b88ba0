// The heavy tasks (issue 12, "Bounded work per request"): every PDF the API produces and the
// register's XLSX, as plain data in, bytes out. They run in the worker threads of ./pool.ts
// (./worker.ts calls `runHeavyTask`), or inline when HEAVY_WORKERS=0. Inputs cross a thread
// boundary: plain objects, arrays, strings, numbers, Dates (structured clone), no functions.
import { inquiryPdf } from '../pdf/inquiry.js';
import { renderInvoicePdf } from '../pdf/invoice.js';
import { doubtClearingLetterPdf, preContractPdf, transferContractPdf, type Party, type TransferParties } from '../pdf/transfer.js';
import type { RegisterKind, RegisterTransfer } from '../services/register.js';
import type { InquiryRow } from '../services/inquiries.js';
import type { InvoiceRow } from '../services/invoices.js';
import { registerCsv, registerXlsx } from './register-files.js';

export type HeavyTask =
  | { kind: 'inquiry-pdf'; row: InquiryRow; organizationName: string | null }
  | { kind: 'invoice-pdf'; invoice: InvoiceRow; paidAt: Date }
  | { kind: 'doubt-clearing-letter-pdf'; party: Party; issuedOn: Date }
  | { kind: 'pre-contract-pdf'; parties: TransferParties; issuedOn: Date }
  | { kind: 'transfer-contract-pdf'; parties: TransferParties; issuedOn: Date }
  | { kind: 'register-csv' | 'register-xlsx'; register: RegisterKind; transfers: RegisterTransfer[] };

export function runHeavyTask(task: HeavyTask): Promise<Buffer> {
  switch (task.kind) {
    case 'inquiry-pdf':
      return inquiryPdf(task.row, task.organizationName);
    case 'invoice-pdf':
      return renderInvoicePdf(task.invoice, task.paidAt);
    case 'doubt-clearing-letter-pdf':
      return doubtClearingLetterPdf(task.party, task.issuedOn);
    case 'pre-contract-pdf':
      return preContractPdf(task.parties, task.issuedOn);
    case 'transfer-contract-pdf':
      return transferContractPdf(task.parties, task.issuedOn);
    case 'register-csv':
      return Promise.resolve(Buffer.from(registerCsv(task.register, task.transfers), 'utf8'));
    case 'register-xlsx':
      return registerXlsx(task.register, task.transfers);
  }
}
