// What the apps' tests answer through MSW, and what a page hands to the browser as a download.
import { HttpResponse } from 'msw';
import { vi } from 'vitest';

/**
 * An RFC 9457 problem answer as the API sends it (CONTRACT §4), with a 422's `errors` keyed by
 * wire field and its `type` (the domain's PROBLEM_TYPES: what a client branches on).
 */
export function problemResponse(status: number, detail?: string, errors?: Record<string, string>, type = 'about:blank') {
  return HttpResponse.json(
    { type, title: 'Erreur', status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}

/** Downloads the page starts: the file name given to the link and the blob (restore with vi.restoreAllMocks). */
export function captureDownloads() {
  const names: string[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, blobs };
}
