// The invoice PDF (GET /invoices/{id}/pdf), saved under the name the API gives it in
// Content-Disposition ('facture-FA-2026-000001.pdf'), through the client's download helpers.
import { downloadFile, getDownloadInvoicePdfUrl, saveFile, type Invoice } from '@terres/api-client';

export async function downloadInvoice(invoice: Invoice): Promise<void> {
  const { blob, fileName } = await downloadFile(getDownloadInvoicePdfUrl(invoice.id), {
    fallbackFileName: `facture-${invoice.number}.pdf`,
  });
  saveFile(blob, fileName);
}
