import { HTTPError, type NormalizedOptions } from 'ky';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureApiClient, getHttp } from './client';
import { formatStatusError, parseProblem, problemMessage } from './problem';
import { createMemoryStorage } from './session-store';

const API = 'http://api.test/api/v1';

function httpError(status: number, data: unknown, statusText = ''): HTTPError {
  const error = new HTTPError(
    new Response(null, { status, statusText }),
    new Request(`${API}/x`),
    {} as NormalizedOptions,
  );
  error.data = data;
  return error;
}

describe('parseProblem', () => {
  it('reads status, title, detail and errors of a problem document', () => {
    const errors = [{ field: 'siret', message: 'Le numéro SIRET est invalide.' }];
    expect(
      parseProblem(
        httpError(422, {
          type: 'about:blank',
          status: 422,
          title: 'Unprocessable Content',
          detail: 'Le numéro SIRET est invalide.',
          errors,
        }),
      ),
    ).toEqual({
      status: 422,
      title: 'Unprocessable Content',
      detail: 'Le numéro SIRET est invalide.',
      errors,
      type: 'about:blank',
    });
  });

  it('takes the HTTP status and status text when the body is not a problem document', () => {
    expect(parseProblem(httpError(502, undefined, 'Bad Gateway'))).toEqual({
      status: 502,
      title: 'Bad Gateway',
      detail: undefined,
    });
    expect(parseProblem(httpError(500, '<html>oops</html>'))?.detail).toBeUndefined();
  });

  it('parses a problem document that arrived as text', () => {
    expect(parseProblem(httpError(409, '{"title":"Conflict","detail":"Déjà pris."}'))?.detail).toBe('Déjà pris.');
  });

  it('is undefined for errors that are not HTTP errors', () => {
    expect(parseProblem(new TypeError('fetch failed'))).toBeUndefined();
    expect(parseProblem('boom')).toBeUndefined();
    expect(parseProblem(undefined)).toBeUndefined();
  });
});

describe('problemMessage', () => {
  it('returns the server detail as is', () => {
    expect(problemMessage(httpError(409, { detail: 'Solde de crédits insuffisant.' }), 'fallback')).toBe(
      'Solde de crédits insuffisant.',
    );
  });

  it('falls back without a detail, with an empty detail, or for a non-HTTP error', () => {
    const fallback = "Erreur lors de l'envoi de l'invitation";
    expect(problemMessage(httpError(500, { title: 'Internal' }), fallback)).toBe(fallback);
    expect(problemMessage(httpError(400, { detail: '  ' }), fallback)).toBe(fallback);
    expect(problemMessage(httpError(400, { detail: 42 }), fallback)).toBe(fallback);
    expect(problemMessage(new Error('network'), fallback)).toBe(fallback);
  });
});

describe('formatStatusError', () => {
  it('formats status and detail', () => {
    expect(formatStatusError(httpError(403, { detail: 'Votre organisation a été archivée.' }))).toBe(
      'Erreur 403: Votre organisation a été archivée.',
    );
  });

  it("uses 'Erreur inconnue' without a detail", () => {
    expect(formatStatusError(httpError(500, undefined))).toBe('Erreur 500: Erreur inconnue');
  });

  it("uses 'Inconnu' and 'Erreur inconnue' for errors without a response", () => {
    expect(formatStatusError(new TypeError('fetch failed'))).toBe('Erreur Inconnu: Erreur inconnue');
    expect(formatStatusError(null)).toBe('Erreur Inconnu: Erreur inconnue');
  });
});

describe('through the client', () => {
  const server = setupServer(
    http.post(`${API}/organizations/o1/credits`, () =>
      HttpResponse.json(
        { type: 'about:blank', status: 422, title: 'Unprocessable Content', detail: 'Le montant de crédits doit être entre 1 et 999' },
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('reads an application/problem+json answer', async () => {
    configureApiClient({ baseUrl: API, onUnauthorized: vi.fn(), storage: createMemoryStorage() });
    const error: unknown = await (await getHttp())
      .post('/organizations/o1/credits', { json: { credits: 0 } })
      .catch((e: unknown) => e);
    expect(formatStatusError(error)).toBe('Erreur 422: Le montant de crédits doit être entre 1 et 999');
    expect(parseProblem(error)?.title).toBe('Unprocessable Content');
  });
});
