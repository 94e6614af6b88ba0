// Fastify validates requests with Ajv, whose messages are English and technical. The portals show
// `detail` as is, so schema errors are reworded in French (the domain's `schemaRuleMessage`),
// keyed by the field as sent.
import { messages, schemaRuleMessage } from '@terres/domain';
import type { FastifySchemaValidationError } from 'fastify';

/** `/materials/0/price` -> `materials.0.price`; the missing property for `required`. */
export function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const missing = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof missing === 'string') path.push(missing);
  return path.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

export function frenchMessage(error: FastifySchemaValidationError): string {
  return schemaRuleMessage({ keyword: error.keyword, field: fieldOf(error), params: error.params });
}

/** Field -> French message (first error per field), and the first message for `detail`. */
export function frenchValidationErrors(errors: readonly FastifySchemaValidationError[]): {
  detail: string;
  errors: Record<string, string>;
} {
  const byField: Record<string, string> = {};
  for (const error of errors) {
    const field = fieldOf(error) || '_';
    byField[field] ??= frenchMessage(error);
  }
  const first = errors[0];
  return { detail: first ? frenchMessage(first) : messages.badRequest, errors: byField };
}
