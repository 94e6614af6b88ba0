// The API's answers that belong to HTTP itself: the default sentence of each status, requests
// refused before any handler, list query parameters, the platform's own outages. Ours (the spec
// shows none of them), except where a line says otherwise.
import { MAX_PAGE_SIZE, TABLE_SEARCH_MAX_LENGTH } from '../constants';

export const httpMessages = {
  // The default sentence of each status, when nothing more precise is known (DEFAULT_DETAILS).
  badRequest: 'La requête est invalide.',
  authenticationRequired: 'Authentification requise. Veuillez vous connecter.',
  forbidden: "Vous n'avez pas accès à cette ressource.",
  resourceNotFound: 'Ressource introuvable.',
  methodNotAllowed: 'Méthode non autorisée pour cette ressource.',
  notAcceptable: 'Format de réponse non disponible.',
  requestTimeout: 'La requête a pris trop de temps.',
  conflict: "L'opération est en conflit avec l'état actuel de la ressource.",
  contentTooLarge: 'La requête dépasse la taille maximale autorisée.',
  uriTooLong: "L'adresse demandée est trop longue.",
  unsupportedMediaType: 'Type de contenu non pris en charge.',
  unprocessable: 'Les données envoyées sont invalides.',
  tooManyRequests: 'Trop de requêtes. Veuillez réessayer plus tard.',
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
  internalError: 'Une erreur interne est survenue.',
  serviceUnavailable: 'Le service est momentanément indisponible.',
  cannotComplete: 'La requête ne peut pas aboutir.',
  // Bodies refused before any handler (issue 12: no 5xx from bad input)
  invalidJson: "Le contenu de la requête n'est pas un JSON valide.",
  emptyJson: 'Le contenu de la requête est vide.',
  bodyNotObject: 'Le contenu de la requête doit être un objet JSON.',
  nulCharacter: 'Ce champ contient un caractère nul (U+0000), qui n’est pas accepté.',
  bodyTooDeep: 'Le contenu de la requête est trop imbriqué.',
  urlInvalid: 'L’adresse demandée est invalide.',
  urlTooLong: 'L’adresse demandée est trop longue.',
  requestHeadersTooLarge: 'L’adresse ou les en-têtes de la requête sont trop volumineux.',
  multipartInvalid: 'Le contenu multipart/form-data est invalide ou incomplet.',
  jsonContentLength: 'La taille du contenu ne correspond pas à l’en-tête Content-Length.',
  idempotencyKey: "L'en-tête Idempotency-Key doit contenir de 1 à 200 caractères.",
  idempotencyKeyReused: 'Cette clé Idempotency-Key a déjà servi pour un autre montant.',
  // List query parameters (the API's 400 details)
  pageParameter: 'Le paramètre « page » doit être un nombre entier supérieur ou égal à 1.',
  pageSizeParameter: `Le paramètre « page_size » doit être un nombre entier entre 1 et ${MAX_PAGE_SIZE}.`,
  searchTooLong: `La recherche ne doit pas dépasser ${TABLE_SEARCH_MAX_LENGTH} caractères.`,
  statusParameter:
    'Le paramètre « status » accepte un ou plusieurs statuts séparés par des virgules : DRAFT, PENDING_VALIDATION, APPROVED, REJECTED, DOUBT_CLEARED, SITE_FOUND, PRE_CONTRACT_SIGNED, PROCESSED.',
  typeParameter: 'Le paramètre « type » doit valoir CUT (déblai) ou FILL (remblai).',
  bboxParameter:
    'Le paramètre « bbox » doit valoir longitude min,latitude min,longitude max,latitude max (en degrés, chaque minimum inférieur à son maximum).',
  withArchivedParameter: 'Le paramètre « with_archived » doit valoir true ou false.',
  verifiedParameter: 'Le paramètre « verified » doit valoir true ou false.',
  soilStudyStateParameter: 'Le paramètre « state » doit valoir delegated (confiées à la plateforme, sans étude) ou provided (avec une étude).',
  organizationIdParameter: "Le paramètre « organization_id » doit être l'identifiant d'une organisation.",
  inquiryIdParameter: "Le paramètre « inquiry_id » doit être l'identifiant d'une annonce.",
  // One account's share of the PDF and export workers is taken (429 + Retry-After; others are not slowed)
  heavyWorkPerAccount:
    'Vous avez déjà des documents en cours de préparation : attendez qu’ils soient prêts avant d’en demander d’autres (quelques secondes).',
  // The platform's own outages (503: nothing was recorded, the same request may be sent again)
  serverBusy: 'Le serveur est très sollicité : veuillez réessayer dans quelques secondes.',
  databaseUnavailable:
    'La base de données est momentanément injoignable : rien n’a été enregistré. Veuillez réessayer dans quelques instants.',
  databaseUnreachable: 'La base de données est injoignable.',
  databaseNotMigrated: "La base de données n'est pas encore à jour (migrations en attente).",
  storageUnavailable: 'Le stockage des fichiers est momentanément indisponible. Veuillez réessayer dans quelques instants.',
  mailFailed: "L'envoi de l'e-mail a échoué. Veuillez réessayer dans quelques instants.",
  // Operations endpoints
  metricsToken: 'Jeton d’accès aux métriques manquant ou invalide.',
  metricsLocalOnly: 'Les métriques ne sont lisibles que depuis la machine du serveur (ou avec le jeton METRICS_TOKEN).',
} as const;

/** The API's `detail` when nothing more precise is known (also for Fastify's own 4xx errors). */
export const DEFAULT_DETAILS: Readonly<Record<number, string>> = {
  400: httpMessages.badRequest,
  401: httpMessages.authenticationRequired,
  403: httpMessages.forbidden,
  404: httpMessages.resourceNotFound,
  405: httpMessages.methodNotAllowed,
  406: httpMessages.notAcceptable,
  408: httpMessages.requestTimeout,
  409: httpMessages.conflict,
  413: httpMessages.contentTooLarge,
  414: httpMessages.uriTooLong,
  415: httpMessages.unsupportedMediaType,
  422: httpMessages.unprocessable,
  429: httpMessages.tooManyRequests,
  431: httpMessages.headersTooLarge,
  500: httpMessages.internalError,
  503: httpMessages.serviceUnavailable,
};

/** DEFAULT_DETAILS for `status`, or a generic sentence for a status it does not name. */
export function defaultDetail(status: number): string {
  return DEFAULT_DETAILS[status] ?? (status >= 500 ? httpMessages.internalError : httpMessages.cannotComplete);
}

/** 413 for a request body over its route's limit: 'La requête dépasse la taille maximale autorisée (32 Ko).' */
export function bodyTooLargeMessage(limitBytes: number): string {
  const size = limitBytes >= 1024 * 1024 ? `${Math.round((limitBytes / (1024 * 1024)) * 10) / 10} Mo` : `${Math.round(limitBytes / 1024)} Ko`;
  return `La requête dépasse la taille maximale autorisée (${size.replace('.', ',')}).`;
}

/** The 400 detail for an unknown `sort` value, naming the accepted ones. */
export function sortParameterMessage(allowed: readonly string[]): string {
  return `Le paramètre « sort » doit valoir l'une de ces valeurs : ${allowed.join(', ')}.`;
}

/** The 400 detail for a text holding U+0000 (PostgreSQL text cannot store it), naming the field as sent. */
export function nulCharacterMessage(field: string): string {
  return field ? `Le champ « ${field} » contient un caractère nul (U+0000), qui n’est pas accepté.` : httpMessages.nulCharacter;
}

/** A JSON Schema rule a request broke (Ajv's keyword and params), on the field as sent ('' for the body). */
export interface SchemaRule {
  keyword: string;
  field: string;
  params: Record<string, unknown>;
}

const SCHEMA_TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  null: 'vide',
};

const SCHEMA_FORMAT_NAMES: Record<string, string> = {
  email: 'une adresse e-mail valide',
  date: 'une date valide (AAAA-MM-JJ)',
  'date-time': 'une date et heure valides (ISO 8601)',
  uuid: 'un identifiant valide',
  uri: 'une adresse web valide',
};

/**
 * The French sentence for a broken JSON Schema rule (the API validates some requests with Ajv,
 * whose messages are English and technical): 'Le champ « quantity » doit être un nombre.'
 */
export function schemaRuleMessage(rule: SchemaRule): string {
  const { field } = rule;
  const subject = field ? `Le champ « ${field} »` : 'Le contenu de la requête';
  const p = rule.params;
  switch (rule.keyword) {
    case 'required':
      return `${subject} est obligatoire.`;
    case 'type': {
      const types = String(p.type ?? '').split(',').map((t) => SCHEMA_TYPE_NAMES[t] ?? t);
      return `${subject} doit être ${types.join(' ou ')}.`;
    }
    case 'format':
      return `${subject} doit être ${SCHEMA_FORMAT_NAMES[String(p.format)] ?? 'au bon format'}.`;
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
