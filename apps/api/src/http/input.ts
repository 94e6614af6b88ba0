// Request bodies arrive snake_case (CONTRACT §4); the domain's valibot schemas are camelCase.
// `parseBody` converts the keys and validates with the domain schema: a ValiError becomes a 422
// whose `detail` is the spec's French message (src/plugins/app/problems.ts).
import { messages, toCamelKeys } from '@terres/domain';
import * as v from 'valibot';
import { problem } from './problem.js';

export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw problem(400, messages.bodyNotObject);
  return body as Record<string, unknown>;
}

export function parseBody<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): v.InferOutput<TSchema> {
  return v.parse(schema, toCamelKeys(bodyObject(body)));
}
