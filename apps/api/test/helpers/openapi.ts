// Validates API answers against openapi/openapi.yaml (Ajv, JSON Schema 2020-12, as OpenAPI 3.1
// uses): the contract the portals' generated client relies on cannot drift from the server.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { parse } from 'yaml';

const specPath = fileURLToPath(new URL('../../../../openapi/openapi.yaml', import.meta.url));
const spec = parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components: { responses: Record<string, unknown> };
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(spec as object, 'openapi.json');
const cache = new Map<string, ValidateFunction | null>();

function pointer(segments: string[]): string {
  return segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

function validatorFor(method: string, path: string, status: number, mediaType: string): ValidateFunction | null {
  const key = `${method} ${path} ${status} ${mediaType}`;
  if (cache.has(key)) return cache.get(key)!;
  const operation = spec.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`openapi.yaml has no ${method} ${path}`);
  let response = operation.responses?.[String(status)] as { $ref?: string; content?: Record<string, unknown> } | undefined;
  if (!response) throw new Error(`openapi.yaml has no ${status} answer for ${method} ${path}`);
  let base = ['paths', path, method.toLowerCase(), 'responses', String(status)];
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    response = spec.components.responses[name] as typeof response;
    base = ['components', 'responses', name];
  }
  const content = response?.content;
  if (!content) {
    cache.set(key, null);
    return null;
  }
  if (!content[mediaType]) throw new Error(`openapi.yaml: ${method} ${path} ${status} has no ${mediaType} body`);
  const validate = ajv.compile({ $ref: `openapi.json#/${pointer([...base, 'content', mediaType, 'schema'])}` });
  cache.set(key, validate);
  return validate;
}

/**
 * Fails the test unless `body` is what openapi.yaml promises for this operation and status.
 * `path` is the template as written in openapi.yaml (`/inquiries/{id}`), without `/api/v1`.
 */
export function expectResponseMatches(method: string, path: string, status: number, body: unknown, mediaType?: string): void {
  const type = mediaType ?? (status >= 400 ? 'application/problem+json' : 'application/json');
  const validate = validatorFor(method, path, status, type);
  if (validate === null) {
    expect(body === undefined || body === null || body === '', `${method} ${path} ${status} has no body in the spec`).toBe(true);
    return;
  }
  const ok = validate(body);
  expect(ok ? [] : validate.errors, `${method} ${path} ${status}: ${JSON.stringify(body)?.slice(0, 500)}`).toEqual([]);
}
