// The contract as the API runs it: `openapi/openapi.yaml`, read and parsed once per process.
// Parsing the YAML costs about 0.4 s of CPU, 14 % of a `pnpm start` (issue 23): the parsed
// document is kept as JSON in `node_modules/.cache/terres/`, named by the YAML's hash, so a
// start whose contract did not change reads JSON (a few ms). The cache is only an optimisation:
// a missing or unwritable directory (a read-only deployment) means parsing the YAML, as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { openapiYamlPath, repoRoot } from './paths.js';

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, unknown>;
  [key: string]: unknown;
}

let cached: { document: OpenApiDocument; json: string } | undefined;

/** Where the parsed contract is kept between starts. */
export const CONTRACT_CACHE_DIR = join(repoRoot, 'node_modules', '.cache', 'terres');

/** The parsed document and its JSON text (served as is by `GET /api/openapi.json`). */
export function openApiContract(cacheDir: string = CONTRACT_CACHE_DIR): { document: OpenApiDocument; json: string } {
  if (!cached) {
    const yaml = readFileSync(openapiYamlPath, 'utf8');
    const file = join(cacheDir, `openapi-${createHash('sha256').update(yaml).digest('hex').slice(0, 32)}.json`);
    let json: string | undefined;
    try {
      json = readFileSync(file, 'utf8');
    } catch {
      json = undefined;
    }
    let document: OpenApiDocument | undefined;
    if (json !== undefined) {
      try {
        document = JSON.parse(json) as OpenApiDocument;
      } catch {
        // A torn file: parse the YAML again below.
        document = undefined;
      }
    }
    if (!document) {
      document = parse(yaml) as OpenApiDocument;
      json = JSON.stringify(document);
      try {
        mkdirSync(cacheDir, { recursive: true });
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, json);
        renameSync(partial, file);
      } catch {
        // Not writable here: no cache, nothing else changes.
      }
    }
    cached = { document, json: json! };
  }
  return cached;
}
