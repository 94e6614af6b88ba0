// openapi/openapi.yaml as the tests read it: its operations (the isolation sweep and the fuzzer
// walk them all) and a check of API answers against it (Ajv, JSON Schema 2020-12, as OpenAPI 3.1
// uses), so the contract the portals' generated client relies on cannot drift from the server.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { parse } from 'yaml';

const specPath = fileURLToPath(new URL('../../../../openapi/openapi.yaml', import.meta.url));

/** The parts of an OpenAPI object the tests read (everything else stays `unknown`). */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  [keyword: string]: unknown;
}
export interface OpenApiParameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: OpenApiSchema;
}
export interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<string, unknown>;
}
type PathItem = { servers?: { url: string }[]; parameters?: OpenApiParameter[] } & Partial<Record<(typeof METHODS)[number], OpenApiOperation>>;
export interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, PathItem>;
  components: {
    responses: Record<string, unknown>;
    parameters: Record<string, OpenApiParameter>;
    schemas: Record<string, OpenApiSchema>;
  };
}

export const openApiSpec = parse(readFileSync(specPath, 'utf8')) as OpenApiDocument;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface SpecOperation {
  operationId: string;
  method: string;
  /** The template as written in the YAML, e.g. `/inquiries/{id}`. */
  path: string;
  /** `/api/v1`, or the path's own `servers` entry (`/api`). */
  base: string;
  public: boolean;
  /** The path item's parameters and the operation's own, `$ref`s resolved. */
  parameters: OpenApiParameter[];
  requestBody: OpenApiOperation['requestBody'];
  /** The statuses it declares, e.g. [200, 400, 401]. */
  statuses: number[];
}

/** A `$ref` of the document (`#/components/...`), resolved. */
export function resolveRef<T>(ref: string): T {
  let node: unknown = openApiSpec;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`openapi.yaml: no ${ref}`);
  return node as T;
}

/** The operations of openapi.yaml, in the order the file lists them. */
export function specOperations(): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(openApiSpec.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`openapi.yaml: ${method.toUpperCase()} ${path} has no operationId`);
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => (p.$ref ? resolveRef<OpenApiParameter>(p.$ref) : p));
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        base: item.servers?.[0]?.url ?? openApiSpec.servers[0]!.url,
        public: Array.isArray(operation.security) && operation.security.length === 0,
        parameters,
        requestBody: operation.requestBody,
        statuses: Object.keys(operation.responses ?? {}).map(Number),
      });
    }
  }
  return operations;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addSchema(openApiSpec as object, 'openapi.json');
const cache = new Map<string, ValidateFunction | null>();

function pointer(segments: string[]): string {
  return segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');
}

/** A validator of the schema at this JSON pointer of the document (`#/components/schemas/Problem`). */
export function schemaValidator(ref: string): ValidateFunction {
  return ajv.compile({ $ref: `openapi.json${ref}` });
}

/** Why an answer is not what the contract says (thrown by validatorFor, listed by answerProblems). */
class ContractMismatch extends Error {}

function validatorFor(method: string, path: string, status: number, mediaType: string): ValidateFunction | null {
  const key = `${method} ${path} ${status} ${mediaType}`;
  if (cache.has(key)) return cache.get(key)!;
  const operation = openApiSpec.paths[path]?.[method.toLowerCase() as (typeof METHODS)[number]];
  if (!operation) throw new Error(`openapi.yaml has no ${method} ${path}`);
  let response = operation.responses?.[String(status)] as { $ref?: string; content?: Record<string, unknown> } | undefined;
  if (!response) throw new ContractMismatch(`openapi.yaml has no ${status} answer for ${method} ${path}`);
  let base = ['paths', path, method.toLowerCase(), 'responses', String(status)];
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    response = openApiSpec.components.responses[name] as typeof response;
    base = ['components', 'responses', name];
  }
  const content = response?.content;
  if (!content) {
    cache.set(key, null);
    return null;
  }
  if (!content[mediaType]) throw new ContractMismatch(`openapi.yaml: ${method} ${path} ${status} has no ${mediaType} body`);
  const validate = ajv.compile({ $ref: `openapi.json#/${pointer([...base, 'content', mediaType, 'schema'])}` });
  cache.set(key, validate);
  return validate;
}

/**
 * What is wrong with this answer according to openapi.yaml: an undeclared status or media type,
 * a body off its schema (empty when it is as promised). `path` is the YAML's template.
 */
export function answerProblems(method: string, path: string, status: number, body: unknown, mediaType?: string): string[] {
  const type = mediaType ?? (status >= 400 ? 'application/problem+json' : 'application/json');
  let validate: ValidateFunction | null;
  try {
    validate = validatorFor(method, path, status, type);
  } catch (error) {
    if (error instanceof ContractMismatch) return [error.message];
    throw error;
  }
  if (validate === null) return body === undefined || body === null || body === '' ? [] : [`${method} ${path} ${status} has no body in the spec`];
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'invalid'} (${JSON.stringify(valueAt(body, e.instancePath))?.slice(0, 120)})`);
}

/** The value at a JSON pointer of `value` (`/materials/0/price`). */
function valueAt(value: unknown, pointer: string): unknown {
  let current = value;
  for (const part of pointer.split('/').slice(1)) current = (current as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return current;
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
