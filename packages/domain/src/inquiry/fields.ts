// A listing's fields, declared once (issue 17). Every other list of them is derived from this
// table: the edition rules (field-rules.ts), the edit schema (patch.ts), the wizard's plain
// sub-step schemas and the submission check (wizard.ts), the API's answer (`toInquiry`), the
// portal wizard's values and sub-steps, and both apps' detail field lists (`ListingFieldList`
// in @terres/app-kit). A test in apps/api (`listing-fields.test.ts`) fails when the database,
// openapi.yaml or the generated client has a field this table does not, or the reverse.
// Adding a field: packages/domain/README.md, "Adding a listing field".
import * as v from 'valibot';
import { MAX_MATERIAL_LINES, MAX_PARCELS, NAME_MAX_LENGTH, SURFACE_MAX_HA, TEXT_MAX_LENGTH } from '../constants';
import { formatAddress, formatDate, formatHectares, formatNumber } from '../format/format';
import { matchingMessages } from '../matching/messages';
import { maxItemsMessage, messages } from '../messages';
import { INQUIRY_STATUSES, statusLabel, typeLabel } from '../status/status';
import { createDateSchema, type Now } from '../validators/date';
import { postcodeSchema } from '../validators/postcode';
import { siretSchema } from '../validators/siret';
import { toCalendarDate, todayInParis } from '../validators/date';
import { requiredText } from '../validators/text';
import { listingMessages } from '../messages/listings';
import { toCamelKeys } from '../util';
import { materialRowSchema } from './materials';
import { formatParcelId, parcelIdSchema } from './parcel';
import { QUALITY_CLASSES, qualityClassSchema, receivingUseSchema, WASTE_CODES, wasteCodeSchema } from './soil-quality';

export const PROJECT_OWNER_LAST_NAME_MAX_LENGTH = 1000;
export const PROJECT_OWNER_STREET_MAX_LENGTH = 300;
export const PROJECT_OWNER_COMPANY_NAME_MAX_LENGTH = 200;
/** The soil facts the transfer contract needs (issue 19): lengths of their single-line texts. */
export const ANALYSIS_REFERENCES_MAX_LENGTH = 300;
export const SOIL_PREPARER_MAX_LENGTH = 200;
export const PERMIT_REFERENCE_MAX_LENGTH = 100;

/** The wizard's 12 sub-steps (spec §5), in order; `null` in the table: not asked by the wizard. */
export const LISTING_SUB_STEPS = [
  'projectName',
  'projectOwner',
  'projectOwnerAddress',
  'projectOwnerSiret',
  'site',
  'parcels',
  'surface',
  'soilStudy',
  'composition',
  'availability',
  'otherDocuments',
  'summary',
] as const;
export type ListingSubStep = (typeof LISTING_SUB_STEPS)[number];

/** The sections of the detail pages ('Récapitulatif détaillé', 'Informations administratives'). */
export type ListingDetailSection = 'project' | 'owner' | 'site' | 'soil' | 'dates' | 'record';

/**
 * What a field holds, which gives its TypeScript type in `ListingValues`: 'text' is typed by
 * the user (a wizard text input), 'choice' is one of a list, 'date' an ISO day.
 */
export type ListingFieldKind = 'text' | 'choice' | 'date' | 'number' | 'boolean' | 'strings' | 'materials';
interface KindValue {
  text: string;
  choice: string;
  date: string;
  number: number;
  boolean: boolean;
  strings: string[];
  materials: v.InferOutput<typeof materialRowSchema>[];
}

export interface ListingSchemaOptions {
  now?: Now;
}
type SchemaOrFactory = v.GenericSchema | ((options: ListingSchemaOptions) => v.GenericSchema);

/** A listing as the answers name it (camelCase); every field may be missing. */
export type ListingRecord = Readonly<Record<string, unknown>>;

/** How a field reads on the detail pages: its section, its label there, and its value as text. */
export interface ListingDetail {
  section: ListingDetailSection;
  label: string;
  /** Default: the text, trimmed, or 'Non renseigné'. A list reads as a list. */
  read?: (listing: ListingRecord) => string | readonly string[];
}

export interface ListingField {
  /** The request's snake_case name (CONTRACT §8); the table's key is the answer's camelCase one. */
  wire: string;
  /** What the field holds, in French, as the apps show it (the wizard's list of problems). */
  label: string;
  kind: ListingFieldKind;
  /** The rule of a value sent in an edit (POST, PUT); a factory when it depends on the day. */
  schema: SchemaOrFactory;
  /** The wizard's and the submission's rule, where its messages differ from the edit's. */
  form?: SchemaOrFactory;
  /** An edit may clear it (missing, null, '' or blank become null). */
  clearable: boolean;
  /** Fixed at creation or changed only through the status machine, never by an edit. */
  sealed: boolean;
  /**
   * Entered or corrected after the listing is validated (statuses `CONTRACT_FACTS_STATUSES`),
   * by its organisation or an admin, through the contract facts' call (issue 19): true only for
   * the references the transfer contract states about records kept outside the platform (SIS
   * identifier, analyses, preparer, planning permission), which are often known only once a
   * receiver is found. Every other field stays as validated: the admin reviewed it, the
   * matching and the other party relied on it. Decision 0175.
   */
  afterApproval: boolean;
  /** Needed for submission (DRAFT or REJECTED -> PENDING_VALIDATION). */
  submission: 'required' | 'optional';
  /** The wizard's sub-step that asks it. */
  subStep: ListingSubStep | null;
  /** How it reads on the detail pages; null when not shown, or read with another field. */
  detail: ListingDetail | null;
}

/** Missing, null, '' or blank clear the field (null); anything else must pass `schema`. */
export function clearable<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value)),
      v.nullable(schema),
    ),
  );
}

/**
 * An array of at most `max` items, each checked by `item`: the length is checked first, so a
 * list over the limit costs one comparison, not a validation per item.
 */
function boundedArray<TItem extends v.GenericSchema>(item: TItem, max: number, typeMessage: string, maxMessage: string) {
  return v.pipe(v.array(v.unknown(), typeMessage), v.maxLength(max, maxMessage), v.array(item, typeMessage));
}

const coordinate = (limit: number) =>
  v.pipe(v.number(messages.siteCoordinates), v.minValue(-limit, messages.siteCoordinates), v.maxValue(limit, messages.siteCoordinates));

// Lines may arrive with their wire names (material_name...).
const materialRow = v.pipe(
  v.unknown(),
  v.transform((row) => (typeof row === 'object' && row !== null && !Array.isArray(row) ? toCamelKeys(row as Record<string, unknown>) : row)),
  materialRowSchema,
);

/**
 * A text on one line: trimmed, at most `max`, and a line break or another control character
 * inside it is refused with a French message (validators/text.ts), never joined silently: a
 * listing's text is printed in the other party's pre-contract and contract (issues 19, 20).
 */
function oneLine(max: number, requiredMessage?: string) {
  return requiredText(max, requiredMessage);
}

/** A past (or today's) calendar day, 'YYYY-MM-DD': the day a permit was granted. */
function pastDay(options: ListingSchemaOptions) {
  return v.pipe(
    v.string(messages.required),
    v.trim(),
    v.nonEmpty(messages.required),
    v.check((value) => toCalendarDate(value) !== null, messages.dateInvalid),
    v.transform((value) => toCalendarDate(value) ?? value),
    v.check((value) => value <= todayInParis(options.now), listingMessages.permitDateFuture),
  );
}

/**
 * An SIS identifier (secteur d'information sur les sols, art. L. 125-6 code de l'environnement),
 * as Géorisques writes it ('68SIS06001'): upper-cased, 10 to 15 letters and digits (the length
 * Trackdéchets' register accepts in « Identifiant SIS du terrain »).
 */
const sisIdentifierSchema = v.pipe(
  v.string(messages.required),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[0-9A-Z]{10,15}$/, listingMessages.sisIdentifierInvalid),
);

const uniqueList = <TItem extends v.GenericSchema>(item: TItem, max: number, typeMessage: string) =>
  v.pipe(boundedArray(item, max, typeMessage, maxItemsMessage(max)), v.transform((list) => [...new Set(list)]));

/** The texts the detail pages read a listing with (spec §8 where it has words, ours elsewhere). */
export const listingDetailTexts = {
  notProvided: 'Non renseigné',
  noParcel: 'Aucune parcelle renseignée.',
  noMaterial: 'Aucun matériau renseigné.',
  soilStudyDelegated: 'Réalisation confiée à la plateforme',
  soilStudyProvided: "Fournie par l'annonceur (voir Documents)",
  soilStudyNotDelegated: 'Non confiée à la plateforme',
  compositionUnknown: 'Composition inconnue : les analyses seront réalisées par la plateforme',
  compositionLines: '{count} matériaux renseignés',
  compositionOne: '1 matériau renseigné',
  certified: 'Certifiée par l’annonceur',
  notCertified: 'Pas encore certifiée',
} as const;
const t = listingDetailTexts;

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
/** A text as the detail pages show it: trimmed, or 'Non renseigné'. */
export function detailText(value: unknown): string {
  return str(value) === '' ? t.notProvided : str(value);
}

/**
 * The maître d'ouvrage as a party to a transfer: its raison sociale when it is a company or a
 * commune, else the person's first and last name. The register's « Raison sociale » columns and
 * every PDF name the party with this one rule (issue 19); '' when nothing is known.
 */
export function projectOwnerPartyName(listing: ListingRecord): string {
  const company = str(listing.projectOwnerCompanyName);
  if (company !== '') return company;
  return [str(listing.projectOwnerFirstName), str(listing.projectOwnerLastName)].filter(Boolean).join(' ');
}

/** The project owner's postal address on one line, or 'Adresse non renseignée' (spec §8). */
function ownerAddress(listing: ListingRecord): string {
  const town = [str(listing.projectOwnerPostcode), str(listing.projectOwnerCity)].filter(Boolean).join(' ');
  return formatAddress([str(listing.projectOwnerStreet), town].filter(Boolean).join(', '));
}

function coordinates(listing: ListingRecord): string {
  const { siteLatitude: lat, siteLongitude: lng } = listing;
  if (typeof lat !== 'number' || typeof lng !== 'number') return t.notProvided;
  return `${formatNumber(lat, 5)}, ${formatNumber(lng, 5)}`;
}

function composition(listing: ListingRecord): string {
  if (listing.groundTypeUnknown === true) return t.compositionUnknown;
  const count = Array.isArray(listing.materials) ? listing.materials.length : 0;
  if (count === 0) return t.noMaterial;
  return count === 1 ? t.compositionOne : t.compositionLines.replace('{count}', String(count));
}

const asDate = (value: unknown) => formatDate(typeof value === 'string' ? value : null);

/**
 * Every listing field, keyed by its answer (camelCase) name, in the order the detail pages show
 * them (the submission reports them in the wizard's order). Labels name what the field holds (the wizard swaps
 * 'Nom' and 'Prénom' on screen, spec §5; these labels do not).
 */
export const LISTING_FIELDS = {
  projectName: {
    wire: 'project_name',
    label: 'Nom du projet',
    kind: 'text',
    schema: oneLine(TEXT_MAX_LENGTH, messages.projectNameRequired),
    form: oneLine(TEXT_MAX_LENGTH),
    clearable: false,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectName',
    detail: { section: 'project', label: 'Nom du projet' },
  },
  type: {
    wire: 'type',
    label: 'Type d’annonce',
    kind: 'choice',
    schema: v.picklist(['CUT', 'FILL'], "Le type d'annonce doit être CUT ou FILL."),
    clearable: false,
    sealed: true,
    afterApproval: false,
    submission: 'required',
    subStep: null,
    detail: { section: 'project', label: "Type d'annonce", read: (listing) => typeLabel(listing.type) },
  },
  status: {
    wire: 'status',
    label: 'Statut',
    kind: 'choice',
    schema: v.picklist(INQUIRY_STATUSES),
    clearable: false,
    sealed: true,
    afterApproval: false,
    submission: 'optional',
    subStep: null,
    detail: { section: 'project', label: 'Statut', read: (listing) => statusLabel(listing.status) },
  },
  projectOwnerLastName: {
    wire: 'project_owner_last_name',
    label: 'Nom du maître d’ouvrage',
    kind: 'text',
    // The spec's "unusually large" limit.
    schema: oneLine(PROJECT_OWNER_LAST_NAME_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectOwner',
    detail: { section: 'owner', label: 'Nom' },
  },
  projectOwnerFirstName: {
    wire: 'project_owner_first_name',
    label: 'Prénom du maître d’ouvrage',
    kind: 'text',
    schema: oneLine(NAME_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectOwner',
    detail: { section: 'owner', label: 'Prénom' },
  },
  projectOwnerCompanyName: {
    wire: 'project_owner_company_name',
    label: 'Raison sociale du maître d’ouvrage',
    kind: 'text',
    schema: oneLine(PROJECT_OWNER_COMPANY_NAME_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'projectOwner',
    detail: { section: 'owner', label: 'Raison sociale' },
  },
  projectOwnerSiret: {
    wire: 'project_owner_siret',
    label: 'SIRET du maître d’ouvrage',
    kind: 'text',
    schema: siretSchema,
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectOwnerSiret',
    detail: { section: 'owner', label: 'SIRET' },
  },
  projectOwnerStreet: {
    wire: 'project_owner_street',
    label: 'Adresse du maître d’ouvrage',
    kind: 'text',
    schema: oneLine(PROJECT_OWNER_STREET_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectOwnerAddress',
    // Street, postcode and city read as one address.
    detail: { section: 'owner', label: 'Adresse', read: ownerAddress },
  },
  projectOwnerPostcode: {
    wire: 'project_owner_postcode',
    label: 'Code postal du maître d’ouvrage',
    kind: 'text',
    schema: postcodeSchema,
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectOwnerAddress',
    detail: null,
  },
  projectOwnerCity: {
    wire: 'project_owner_city',
    label: 'Ville du maître d’ouvrage',
    kind: 'text',
    schema: oneLine(TEXT_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'projectOwnerAddress',
    detail: null,
  },
  siteAddress: {
    wire: 'site_address',
    label: 'Adresse du site',
    kind: 'text',
    schema: oneLine(PROJECT_OWNER_STREET_MAX_LENGTH),
    form: oneLine(PROJECT_OWNER_STREET_MAX_LENGTH, messages.siteAddressRequired),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'site',
    detail: { section: 'site', label: 'Adresse du site', read: (listing) => formatAddress(str(listing.siteAddress)) },
  },
  siteLatitude: {
    wire: 'site_latitude',
    label: 'Latitude du site',
    kind: 'number',
    schema: coordinate(90),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'site',
    // Latitude and longitude read as one pair.
    detail: { section: 'site', label: 'Coordonnées GPS', read: coordinates },
  },
  siteLongitude: {
    wire: 'site_longitude',
    label: 'Longitude du site',
    kind: 'number',
    schema: coordinate(180),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'site',
    detail: null,
  },
  parcelNumbers: {
    wire: 'parcel_numbers',
    label: 'Parcelles',
    kind: 'strings',
    // The count is checked before the items: an oversized list is refused without reading it.
    schema: boundedArray(parcelIdSchema, MAX_PARCELS, messages.parcelsRequired, messages.parcelsMax),
    form: v.pipe(
      v.array(parcelIdSchema, messages.parcelsRequired),
      v.minLength(1, messages.parcelsRequired),
      v.maxLength(MAX_PARCELS, messages.parcelsMax),
    ),
    clearable: false,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'parcels',
    detail: {
      section: 'site',
      label: 'Parcelles',
      read: (listing) =>
        Array.isArray(listing.parcelNumbers) && listing.parcelNumbers.length > 0
          ? listing.parcelNumbers.map((parcel) => formatParcelId(String(parcel)))
          : t.noParcel,
    },
  },
  sisIdentifier: {
    wire: 'sis_identifier',
    label: 'Identifiant SIS du terrain',
    kind: 'text',
    schema: sisIdentifierSchema,
    clearable: true,
    sealed: false,
    afterApproval: true,
    // Only a site in a secteur d'information sur les sols has one.
    submission: 'optional',
    subStep: 'otherDocuments',
    detail: { section: 'site', label: 'Identifiant SIS' },
  },
  quantity: {
    wire: 'quantity',
    label: 'Surface (ha)',
    kind: 'number',
    schema: v.pipe(v.number(messages.surfacePositive), v.gtValue(0, messages.surfacePositive), v.maxValue(SURFACE_MAX_HA, messages.surfaceMax)),
    // The wizard's surface, above 0, at most the input's 1000.
    form: v.pipe(v.number(messages.required), v.gtValue(0, messages.surfacePositive), v.maxValue(SURFACE_MAX_HA, messages.surfaceMax)),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'surface',
    detail: {
      section: 'site',
      label: 'Surface',
      read: (listing) => formatHectares(typeof listing.quantity === 'number' ? listing.quantity : null),
    },
  },
  soilStudyDelegation: {
    wire: 'soil_study_delegation',
    label: 'Délégation de l’étude de sol',
    kind: 'boolean',
    schema: v.boolean(messages.booleanExpected),
    clearable: false,
    sealed: false,
    afterApproval: false,
    // A soil study document or this delegation: checked with the documents at submission.
    submission: 'optional',
    subStep: 'soilStudy',
    detail: {
      section: 'soil',
      label: 'Étude de sol',
      read: (listing) =>
        listing.soilStudyDelegation === true ? t.soilStudyDelegated : listing.status === 'DRAFT' ? t.soilStudyNotDelegated : t.soilStudyProvided,
    },
  },
  materials: {
    wire: 'materials',
    label: 'Composition du sol',
    kind: 'materials',
    schema: boundedArray(materialRow, MAX_MATERIAL_LINES, messages.compositionRequired, messages.materialLinesMax),
    clearable: false,
    sealed: false,
    afterApproval: false,
    // The composition: complete lines, or the 'unknown composition' box (compositionStepSchema).
    submission: 'required',
    subStep: 'composition',
    detail: { section: 'soil', label: 'Composition', read: composition },
  },
  analysisReferences: {
    wire: 'analysis_references',
    label: 'Références des analyses de sol',
    kind: 'text',
    schema: oneLine(ANALYSIS_REFERENCES_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: true,
    submission: 'optional',
    subStep: 'otherDocuments',
    detail: { section: 'soil', label: 'Analyses (laboratoire, rapport, date)' },
  },
  soilPreparer: {
    wire: 'soil_preparer',
    label: 'Personne réalisant la préparation des terres',
    kind: 'text',
    schema: oneLine(SOIL_PREPARER_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: true,
    submission: 'optional',
    subStep: 'otherDocuments',
    detail: { section: 'soil', label: 'Préparation des terres' },
  },
  groundTypeUnknown: {
    wire: 'ground_type_unknown',
    label: 'Composition inconnue',
    kind: 'boolean',
    schema: v.boolean(messages.booleanExpected),
    clearable: false,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'composition',
    detail: null,
  },
  // What a FILL listing accepts (issue 11); a CUT listing sends none (the API refuses them).
  // The portal's detail page shows them in its own 'Terres acceptées' block.
  receivingUse: {
    wire: 'receiving_use',
    label: 'Usage du site receveur',
    kind: 'choice',
    schema: receivingUseSchema,
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'composition',
    detail: null,
  },
  acceptedQualityClasses: {
    wire: 'accepted_quality_classes',
    label: 'Classes de qualité acceptées',
    kind: 'strings',
    schema: uniqueList(qualityClassSchema, QUALITY_CLASSES.length, matchingMessages.acceptedClassesRequired),
    clearable: false,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'composition',
    detail: null,
  },
  acceptedWasteCodes: {
    wire: 'accepted_waste_codes',
    label: 'Codes déchet acceptés',
    kind: 'strings',
    schema: uniqueList(wasteCodeSchema, WASTE_CODES.length, matchingMessages.acceptedCodesRequired),
    clearable: false,
    sealed: false,
    afterApproval: false,
    submission: 'optional',
    subStep: 'composition',
    detail: null,
  },
  startDate: {
    wire: 'start_date',
    label: 'Date de début',
    kind: 'date',
    schema: (options) => createDateSchema(options),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'availability',
    detail: { section: 'dates', label: 'Date de début', read: (listing) => asDate(listing.startDate) },
  },
  endDate: {
    wire: 'end_date',
    label: 'Date de fin',
    kind: 'date',
    schema: (options) => createDateSchema(options),
    clearable: true,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'availability',
    detail: { section: 'dates', label: 'Date de fin', read: (listing) => asDate(listing.endDate) },
  },
  permitReference: {
    wire: 'permit_reference',
    label: 'Référence de l’autorisation d’urbanisme',
    kind: 'text',
    schema: oneLine(PERMIT_REFERENCE_MAX_LENGTH),
    clearable: true,
    sealed: false,
    afterApproval: true,
    submission: 'optional',
    subStep: 'otherDocuments',
    detail: { section: 'record', label: 'Autorisation d’urbanisme' },
  },
  permitDate: {
    wire: 'permit_date',
    label: 'Date de l’autorisation d’urbanisme',
    kind: 'date',
    schema: pastDay,
    clearable: true,
    sealed: false,
    afterApproval: true,
    submission: 'optional',
    subStep: 'otherDocuments',
    detail: { section: 'record', label: 'Date de l’autorisation', read: (listing) => asDate(listing.permitDate) },
  },
  acceptCertification: {
    wire: 'accept_certification',
    label: 'Certification',
    kind: 'boolean',
    schema: v.boolean(messages.booleanExpected),
    form: v.literal(true, messages.certificationRequired),
    clearable: false,
    sealed: false,
    afterApproval: false,
    submission: 'required',
    subStep: 'summary',
    detail: {
      section: 'record',
      label: 'Exactitude des informations',
      read: (listing) => (listing.acceptCertification === true ? t.certified : t.notCertified),
    },
  },
} as const satisfies Record<string, ListingField>;

export type ListingFieldKey = keyof typeof LISTING_FIELDS;
export const LISTING_FIELD_KEYS = Object.keys(LISTING_FIELDS) as ListingFieldKey[];
type Fields = typeof LISTING_FIELDS;

/** A field's wire (snake_case) name. */
export type ListingWireName<K extends ListingFieldKey = ListingFieldKey> = Fields[K]['wire'];

/** A listing's field values as the API answers them (null: not given). */
export type ListingValues = { -readonly [K in ListingFieldKey]: KindValue[Fields[K]['kind']] | null };

/** The fields an edit may send. */
export type EditableListingFieldKey = { [K in ListingFieldKey]: Fields[K]['sealed'] extends true ? never : K }[ListingFieldKey];

/** An edit as the patch schema leaves it: a field not sent is undefined, a cleared one null. */
export type InquiryPatch = {
  -readonly [K in EditableListingFieldKey]?: Fields[K]['clearable'] extends true ? KindValue[Fields[K]['kind']] | null : KindValue[Fields[K]['kind']];
};

type EmptyOf<Kind extends ListingFieldKind> = Kind extends 'strings' | 'materials' ? never[] : Kind extends 'boolean' ? false : null;
/** A listing with no field given (null, [] or false): what fixtures and builders start from. */
export type EmptyListingFields = { -readonly [K in ListingFieldKey]: EmptyOf<Fields[K]['kind']> };

/**
 * Every field of the table, not given: null, an empty list, or false. Test fixtures spread it
 * before their own values, so a new optional field needs no fixture change.
 */
export function emptyListingFields(): EmptyListingFields {
  return Object.fromEntries(
    LISTING_FIELD_KEYS.map((key) => {
      const kind: ListingFieldKind = LISTING_FIELDS[key].kind;
      return [key, kind === 'strings' || kind === 'materials' ? [] : kind === 'boolean' ? false : null];
    }),
  ) as EmptyListingFields;
}

/** The table's keys whose `pick` is true, in table order. */
export function listingFieldsWhere(pick: (field: ListingField, key: ListingFieldKey) => boolean): ListingFieldKey[] {
  return LISTING_FIELD_KEYS.filter((key) => pick(LISTING_FIELDS[key], key));
}

/** The fields a wizard sub-step asks, in table order. */
export function subStepFields(subStep: ListingSubStep): ListingFieldKey[] {
  return listingFieldsWhere((field) => field.subStep === subStep);
}

function resolve(schema: SchemaOrFactory, options: ListingSchemaOptions): v.GenericSchema {
  return typeof schema === 'function' ? schema(options) : schema;
}

/** The rule of a value sent in an edit. */
export function editSchemaOf(key: ListingFieldKey, options: ListingSchemaOptions = {}): v.GenericSchema {
  return resolve(LISTING_FIELDS[key].schema, options);
}

/** The wizard's and the submission's rule of a field: required or not, as the table says. */
export function formSchemaOf(key: ListingFieldKey, options: ListingSchemaOptions = {}): v.GenericSchema {
  const field: ListingField = LISTING_FIELDS[key];
  const schema = resolve(field.form ?? field.schema, options);
  return field.submission === 'required' ? schema : clearable(schema);
}

/** The wizard's rules of a sub-step's fields, keyed by field, for `formObject`. */
export function subStepEntries(subStep: ListingSubStep, options: ListingSchemaOptions = {}): Record<string, v.GenericSchema> {
  return Object.fromEntries(subStepFields(subStep).map((key) => [key, formSchemaOf(key, options)]));
}

/**
 * The table's fields of a listing answer, in table order, copied onto `into` (a new object by
 * default), which is returned (for the API's `toInquiry`, on every listing answered): one loop,
 * no intermediate arrays (a third of `Object.fromEntries`' time), and no copy of the copy
 * (spreading the picked fields into the answer cost twice the rest of `toInquiry`, issue 23).
 */
export function pickListingFields<T extends Partial<Record<ListingFieldKey, unknown>>, U extends object = object>(
  row: T,
  into?: U,
): U & Pick<T, ListingFieldKey & keyof T> {
  const picked = (into ?? {}) as Record<string, unknown>;
  for (const key of LISTING_FIELD_KEYS) if (key in row) picked[key] = row[key];
  return picked as U & Pick<T, ListingFieldKey & keyof T>;
}

/** The detail pages' rows of a section: label and value, in table order. */
export function listingDetailRows(answer: object, section: ListingDetailSection): { key: ListingFieldKey; label: string; value: string | readonly string[] }[] {
  const listing = answer as ListingRecord;
  return LISTING_FIELD_KEYS.flatMap((key) => {
    const detail: ListingDetail | null = LISTING_FIELDS[key].detail;
    if (!detail || detail.section !== section) return [];
    return [{ key, label: detail.label, value: detail.read ? detail.read(listing) : detailText(listing[key]) }];
  });
}
