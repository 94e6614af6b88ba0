// MSW handlers generated from the contract, with French fake data (faker `fr`), for
// Storybook, component tests and a mocked dev server:
//   setupWorker(...handlers) / setupServer(...handlers)
// Per-operation handlers take an override: `getListInquiriesMockHandler([...])`.
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as tagMocks from './gen/index.msw';
import { pagedListHandlers } from './paged-lists.msw';

export * from './gen/auth/auth.msw';
export * from './gen/users/users.msw';
export * from './gen/organizations/organizations.msw';
export * from './gen/credits/credits.msw';
export * from './gen/inquiries/inquiries.msw';
export * from './gen/matches/matches.msw';
export * from './gen/transfers/transfers.msw';
export * from './gen/register/register.msw';
export * from './gen/documents/documents.msw';
export * from './gen/invoices/invoices.msw';
export * from './gen/soil-studies/soil-studies.msw';
export * from './gen/admin/admin.msw';
export * from './gen/notifications/notifications.msw';
export * from './gen/payments/payments.msw';
export * from './gen/ops/ops.msw';
export * from './gen/dev/dev.msw';
export * from './paged-lists.msw';

const pdf = (fileName: string) =>
  new HttpResponse(new Blob(['%PDF-1.4\n% Bourse aux terres : document de démonstration\n%%EOF\n']), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"` },
  });

/**
 * orval's MSW generator answers every operation with JSON, binary ones included: these
 * answer the downloads with a small PDF so the mutator returns a Blob, as the real API does.
 */
export const fileHandlers: HttpHandler[] = [
  http.get('*/api/v1/inquiries/:id/pdf', () => pdf('annonce.pdf')),
  http.get('*/api/v1/invoices/:id/pdf', () => pdf('facture.pdf')),
  http.get('*/api/v1/documents/:id/download', () => pdf('document.pdf')),
];

/**
 * Every operation: the file downloads above, the lists with their X-Total-Count header
 * (src/paged-lists.msw.ts), then one generated handler per operation.
 */
export const handlers: HttpHandler[] = [
  ...fileHandlers,
  ...pagedListHandlers,
  ...Object.values(tagMocks).flatMap((getTagMock) => getTagMock()),
];
