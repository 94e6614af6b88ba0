// Fastify validates requests with Ajv, whose messages are English and technical. The portals show
// `detail` as is, so schema errors are reworded in French here, keyed by the field as sent.
import { messages } from '@terres/domain';
import type { FastifySchemaValidationError } from 'fastify';

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  null: 'vide',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'une adresse e-mail valide',
  date: 'une date valide (AAAA-MM-JJ)',
  'date-time': 'une date et heure valides (ISO 8601)',
  uuid: 'un identifiant valide',
  uri: 'une adresse web valide',
};

/** `/materials/0/price` -> `materials.0.price`; the missing property for `required`. */
export function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const missing = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof missing === 'string') path.push(missing);
  return path.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

export function frenchMessage(error: FastifySchemaValidationError): string {
  const field = fieldOf(error);
  const subject = field ? `Le champ « ${field} »` : 'Le contenu de la requête';
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return `${subject} est obligatoire.`;
    case 'type': {
      const types = String(p.type ?? '').split(',').map((t) => TYPE_NAMES[t] ?? t);
      return `${subject} doit être ${types.join(' ou ')}.`;
    }
    case 'format':
      return `${subject} doit être ${FORMAT_NAMES[String(p.format)] ?? 'au bon format'}.`;
    case 'minLength':
      return p.limit === 1 ? `${subject} est obligatoire.` : `${subject} doit contenir au moins ${String(p.limit)} caractères.`;
    case 'maxLength':
      return `${subject} doit contenir au plus ${String(p.limit)} caractères.`;
    case 'minimum':
      return `${subject} doit être supérieur ou égal à ${String(p.limit)}.`;
    case 'maximum':
      return `${subject} doit être inférieur ou égal à ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `${subject} doit être strictement supérieur à ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `${subject} doit être strictement inférieur à ${String(p.limit)}.`;
    case 'minItems':
      return `${subject} doit contenir au moins ${String(p.limit)} élément(s).`;
    case 'maxItems':
      return `${subject} doit contenir au plus ${String(p.limit)} élément(s).`;
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues.map(String).join(', ') : '';
      return allowed ? `${subject} doit valoir l'une des valeurs suivantes : ${allowed}.` : `${subject} est invalide.`;
    }
    case 'const':
      return `${subject} doit valoir ${JSON.stringify(p.allowedValue)}.`;
    case 'pattern':
      return `${subject} n'est pas au bon format.`;
    case 'additionalProperties':
      return `${subject} n'est pas attendu.`;
    default:
      return `${subject} est invalide.`;
  }
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
