// The contract as the API runs it: `openapi/openapi.yaml`, read and parsed once per process.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { openapiYamlPath } from './paths.js';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, unknown>;
  [key: string]: unknown;
}

let cached: { document: OpenApiDocument; json: string } | undefined;

/** The parsed document and its JSON text (served as is by `GET /api/openapi.json`). */
export function openApiContract(): { document: OpenApiDocument; json: string } {
  if (!cached) {
    const document = parse(readFileSync(openapiYamlPath, 'utf8')) as OpenApiDocument;
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
