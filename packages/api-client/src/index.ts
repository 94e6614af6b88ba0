// Public API of @terres/api-client.
// - Generated (src/gen, from openapi/openapi.yaml): one plain function per operation
//   (`listInquiries`), its react-query hook (`useListInquiries`, `useListInquiriesSuspense`),
//   query keys and options (`getListInquiriesQueryOptions`), and the schema types.
// - Hand-written (src/http): `configureApiClient`, the session store and problem helpers.
// test/contract-exports.test.ts checks that every generated tag file is listed here.
export * from './gen/model';
export * from './gen/auth/auth';
export * from './gen/users/users';
export * from './gen/organizations/organizations';
export * from './gen/credits/credits';
export * from './gen/inquiries/inquiries';
export * from './gen/matches/matches';
export * from './gen/transfers/transfers';
export * from './gen/register/register';
export * from './gen/documents/documents';
export * from './gen/invoices/invoices';
export * from './gen/soil-studies/soil-studies';
export * from './gen/admin/admin';
export * from './gen/notifications/notifications';
export * from './gen/payments/payments';
export * from './gen/ops/ops';
export * from './gen/dev/dev';

export * from './http/index';
// Names both sides define: the contract's generated types win (same shapes as the http
// module's); the http module's parsed problem stays available as `ParsedProblem`.
export type { LoginResponse, Problem, Role } from './gen/model';
export type { Problem as ParsedProblem } from './http/index';

export { customFetch, customFetchWithHeaders, toApiPath, type BodyType, type ErrorType } from './mutator';

// Hand-written: the lists as pages ({ items, total, totalCapped } from X-Total-Count).
export * from './paged-lists';
