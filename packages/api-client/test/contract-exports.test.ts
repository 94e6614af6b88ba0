// src/index.ts and src/mocks.ts list the generated tag files by hand: fail when a tag is
// added to the contract and not exported, and pin the names other packages import.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index';
import * as mocks from '../src/mocks';

const src = fileURLToPath(new URL('../src/', import.meta.url));
const tags = readdirSync(`${src}gen`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'model')
  .map((entry) => entry.name);

describe('public exports', () => {
  it('re-exports every generated tag', () => {
    const index = readFileSync(`${src}index.ts`, 'utf8');
    const mocksSource = readFileSync(`${src}mocks.ts`, 'utf8');
    expect(tags.length).toBeGreaterThanOrEqual(11);
    for (const tag of tags) {
      expect(index).toContain(`export * from './gen/${tag}/${tag}';`);
      expect(mocksSource).toContain(`export * from './gen/${tag}/${tag}.msw';`);
    }
  });

  it('exposes the functions and hooks the apps import', () => {
    for (const name of [
      'requestLoginCode',
      'requestRegistrationCode',
      'requestInvitationCode',
      'verifyCode',
      'refreshTokens',
      'logout',
      'getCurrentUser',
      'useGetCurrentUser',
      'getGetCurrentUserQueryOptions',
      'getMyOrganization',
      'useGetMyOrganization',
      'listInquiries',
      'useListInquiries',
      'useListInquiriesSuspense',
      'getListInquiriesQueryKey',
      'createInquiry',
      'useCreateInquiry',
      'configureApiClient',
      'getHttp',
      'customFetch',
      'updateSessionUser',
      'refreshSession',
      'downloadFile',
      'saveFile',
      'fileNameFromContentDisposition',
      'uploadInquiryDocumentWithProgress',
      'deleteDocument',
      'useDeleteDocument',
    ]) {
      expect(api, name).toHaveProperty(name, expect.any(Function));
    }
  });

  it('exposes the problem types', () => {
    expect(api.ProblemType.organizationArchived).toBe(api.ORGANIZATION_ARCHIVED_PROBLEM_TYPE);
    expect(api.DocumentSource).toEqual({ ADVERTISER: 'ADVERTISER', PLATFORM: 'PLATFORM' });
  });

  it('aggregates one MSW handler per operation', () => {
    expect(mocks.handlers.length).toBeGreaterThanOrEqual(40);
    expect(mocks).toHaveProperty('getListInquiriesMockHandler', expect.any(Function));
  });
});
