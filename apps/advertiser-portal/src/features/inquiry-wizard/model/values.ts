// The wizard's form values (what the inputs hold, numbers as typed) and their conversions
// from a listing answer (camelCase) and to the listing's wire fields (snake_case, CONTRACT §8).
// The plain text fields are the domain's fields table's (`PLAIN_KEYS`); the others are listed here.
import type { Document, DocumentKind, Inquiry, InquiryFields } from '@terres/api-client';
import type { Form } from '@terres/app-kit';
import { listingFieldsWhere, toFiniteNumber, type FileInfo, type InquiryType, type LISTING_FIELDS, type ListingFieldKey } from '@terres/domain';

/** One material line as edited: quantity and price are the text of their inputs. */
export interface MaterialRowValues {
  /** Stable React key of the line. */
  key: string;
  materialName: string;
  groundComposition: string;
  quantity: string;
  price: string;
  /** CUT lines (issue 11): the soil's quality class and TEXS waste code; '' when not given. */
  qualityClass?: string;
  wasteCode?: string;
  /** CUT lines (issue 19): POP declared, ABSENT, PRESENT or UNKNOWN; '' when not given (read as UNKNOWN). */
  pop?: string;
}

type Fields = typeof LISTING_FIELDS;
/** The listing fields the wizard asks as a text input (texts and dates, the table's `kind`). */
export type PlainKey = {
  [K in ListingFieldKey]: Fields[K]['kind'] extends 'text' | 'date' ? (Fields[K]['subStep'] extends null ? never : K) : never;
}[ListingFieldKey];
export const PLAIN_KEYS = listingFieldsWhere(
  (field) => (field.kind === 'text' || field.kind === 'date') && field.subStep !== null,
) as PlainKey[];

/** The form's values: each plain field as typed (from the fields table), then the others. */
export type WizardValues = { [K in PlainKey]: string } & {
  siteLatitude: number | null;
  siteLongitude: number | null;
  parcelNumbers: string[];
  /** Surface in hectares, as typed ('2,5'). */
  quantity: string;
  soilStudyDelegation: boolean;
  groundTypeUnknown: boolean;
  materials: MaterialRowValues[];
  acceptCertification: boolean;
  /** FILL listings (issue 11): the receiving site's use and what it accepts. Optional: values
   * kept by an older tab (sessionStorage) have none. */
  receivingUse?: string;
  acceptedQualityClasses?: string[];
  acceptedWasteCodes?: string[];
};

/**
 * The wizard's form: app-kit's `useForm` over these values, its paths the fields and the nested
 * ones ('materials.0.quantity'); when a message shows is that hook's rule (spec §5).
 */
export type WizardForm = Form<WizardValues>;

let rowCounter = 0;
/** A new, empty material line. */
export function newMaterialRow(): MaterialRowValues {
  rowCounter += 1;
  return { key: `row-${rowCounter}`, materialName: '', groundComposition: '', quantity: '', price: '', qualityClass: '', wasteCode: '', pop: '' };
}

/** A number as a French input shows it (2.5 -> '2,5'); '' for none. */
export function numberToInput(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

const plainValues = (read: (key: PlainKey) => string | null | undefined) =>
  Object.fromEntries(PLAIN_KEYS.map((key) => [key, read(key) ?? ''])) as { [K in PlainKey]: string };

export function emptyValues(): WizardValues {
  return {
    ...plainValues(() => ''),
    siteLatitude: null,
    siteLongitude: null,
    parcelNumbers: [],
    quantity: '',
    soilStudyDelegation: false,
    groundTypeUnknown: false,
    materials: [newMaterialRow()],
    acceptCertification: false,
    receivingUse: '',
    acceptedQualityClasses: [],
    acceptedWasteCodes: [],
  };
}

/** The form's values for a saved listing (a draft being resumed or a refused listing being edited). */
export function valuesFromInquiry(inquiry: Inquiry): WizardValues {
  const materials = inquiry.materials.map((row) => ({
    ...newMaterialRow(),
    materialName: row.materialName,
    groundComposition: row.groundComposition,
    quantity: numberToInput(row.quantity),
    price: numberToInput(row.price),
    // 'Qualité non renseignée' (lines saved before the classification) shows as not chosen.
    qualityClass: row.qualityClass && row.qualityClass !== 'UNKNOWN' ? row.qualityClass : '',
    wasteCode: row.wasteCode ?? '',
    // 'Non renseigné' (also lines saved before the field) shows as not chosen, and is not sent back.
    pop: row.pop && row.pop !== 'UNKNOWN' ? row.pop : '',
  }));
  return {
    ...plainValues((key) => inquiry[key]),
    siteLatitude: inquiry.siteLatitude ?? null,
    siteLongitude: inquiry.siteLongitude ?? null,
    parcelNumbers: [...inquiry.parcelNumbers],
    quantity: numberToInput(inquiry.quantity),
    soilStudyDelegation: inquiry.soilStudyDelegation,
    groundTypeUnknown: inquiry.groundTypeUnknown,
    materials: materials.length > 0 || inquiry.groundTypeUnknown ? materials : [newMaterialRow()],
    acceptCertification: inquiry.acceptCertification,
    receivingUse: inquiry.receivingUse ?? '',
    acceptedQualityClasses: [...(inquiry.acceptedQualityClasses ?? [])],
    acceptedWasteCodes: [...(inquiry.acceptedWasteCodes ?? [])],
  };
}

/** A material line as the domain's row rules read it (numbers parsed, French comma allowed). */
export function parsedRow(row: MaterialRowValues) {
  return {
    materialName: row.materialName,
    groundComposition: row.groundComposition,
    quantity: toFiniteNumber(row.quantity),
    price: row.price.trim() === '' ? null : toFiniteNumber(row.price),
    // Checked by the domain's row rule when given (a hazardous code is never natural inert soil).
    ...(row.qualityClass ? { qualityClass: row.qualityClass } : {}),
    ...(row.wasteCode ? { wasteCode: row.wasteCode } : {}),
    ...(row.pop ? { pop: row.pop } : {}),
  };
}

/** True when a FILL listing's acceptance has been started (use, a class or a code). */
export function hasAcceptance(values: WizardValues): boolean {
  return Boolean(values.receivingUse) || (values.acceptedQualityClasses ?? []).length > 0 || (values.acceptedWasteCodes ?? []).length > 0;
}

/** The acceptance as the domain's schema reads it. */
export function acceptanceOf(values: WizardValues) {
  return {
    receivingUse: values.receivingUse ?? '',
    acceptedQualityClasses: values.acceptedQualityClasses ?? [],
    acceptedWasteCodes: values.acceptedWasteCodes ?? [],
  };
}

/** True when a material line holds nothing yet (an untouched line). */
export function isBlankRow(row: MaterialRowValues): boolean {
  return row.materialName === '' && row.groundComposition === '' && row.quantity.trim() === '' && row.price.trim() === '';
}

/** The material lines on the wire; a line without a price gets the catalogue's from the API. */
export function materialsToWire(rows: readonly MaterialRowValues[]): NonNullable<InquiryFields['materials']> {
  return rows.map((row) => {
    const parsed = parsedRow(row);
    const line = {
      material_name: parsed.materialName,
      ground_composition: parsed.groundComposition,
      quantity: parsed.quantity ?? 0,
      ...(row.qualityClass ? { quality_class: row.qualityClass } : {}),
      ...(row.wasteCode ? { waste_code: row.wasteCode } : {}),
      ...(row.pop ? { pop: row.pop } : {}),
    };
    // The contract types price as required; the API fills a missing one from the catalogue.
    return (parsed.price === null ? line : { ...line, price: parsed.price }) as NonNullable<InquiryFields['materials']>[number];
  });
}

export type WizardType = InquiryType;

/** The listing's documents of one kind, oldest first. */
export function documentsOf(documents: readonly Document[], kind: DocumentKind): Document[] {
  return documents.filter((doc) => doc.kind === kind);
}

/** The latest document of a kind as the domain's file rules read it (name, type, size). */
export function latestFileOf(documents: readonly Document[], kind: DocumentKind): FileInfo | null {
  const doc = documentsOf(documents, kind).at(-1);
  return doc ? { name: doc.fileName, type: doc.mimeType, size: doc.size } : null;
}
