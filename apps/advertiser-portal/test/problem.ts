// An RFC 9457 problem answer as the API sends it (app-kit's test helper), for MSW overrides.
export { problemResponse as problem } from '@terres/app-kit/testing';
