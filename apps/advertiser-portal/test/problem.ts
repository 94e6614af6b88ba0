import { HttpResponse } from 'msw';

/** An RFC 9457 problem answer as the API sends it (CONTRACT §4), for MSW overrides. */
export function problem(status: number, detail?: string, errors?: Record<string, string>) {
  return HttpResponse.json(
    { type: 'about:blank', title: 'Erreur', status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );
}
