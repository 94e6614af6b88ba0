// MSW handlers generated from the contract, with French fake data (faker `fr`), for
// Storybook, component tests and a mocked dev server:
//   setupWorker(...handlers) / setupServer(...handlers)
// Per-operation handlers take an override: `getListInquiriesMockHandler([...])`.
import type { HttpHandler } from 'msw';
import * as tagMocks from './gen/index.msw';

export * from './gen/auth/auth.msw';
export * from './gen/users/users.msw';
export * from './gen/organizations/organizations.msw';
export * from './gen/credits/credits.msw';
export * from './gen/inquiries/inquiries.msw';
export * from './gen/documents/documents.msw';
export * from './gen/invoices/invoices.msw';
export * from './gen/soil-studies/soil-studies.msw';
export * from './gen/payments/payments.msw';
export * from './gen/health/health.msw';
export * from './gen/dev/dev.msw';

/** Every generated handler, one per operation (`getInquiriesMock()`, `getAuthMock()`, ...). */
export const handlers: HttpHandler[] = Object.values(tagMocks).flatMap((getTagMock) => getTagMock());
