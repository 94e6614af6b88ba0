// The wizard's form values (what the inputs hold, numbers as typed) and their conversions
// from a listing answer (camelCase) and to the listing's wire fields (snake_case, CONTRACT §8).
import type { Document, DocumentKind, Inquiry, InquiryFields } from '@terres/api-client';
import { toFiniteNumber, type FileInfo, type InquiryType } from '@terres/domain';

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
}

export interface WizardValues {
  projectName: string;
  projectOwnerFirstName: string;
  projectOwnerLastName: string;
  projectOwnerStreet: string;
  projectOwnerPostcode: string;
  projectOwnerCity: string;
  projectOwnerSiret: string;
  siteAddress: string;
  siteLatitude: number | null;
  siteLongitude: number | null;
  parcelNumbers: string[];
  /** Surface in hectares, as typed ('2,5'). */
  quantity: string;
  soilStudyDelegation: boolean;
  groundTypeUnknown: boolean;
  materials: MaterialRowValues[];
  startDate: string;
  endDate: string;
  acceptCertification: boolean;
  /** FILL listings (issue 11): the receiving site's use and what it accepts. Optional: values
   * kept by an older tab (sessionStorage) have none. */
  receivingUse?: string;
  acceptedQualityClasses?: string[];
  acceptedWasteCodes?: string[];
}

let rowCounter = 0;
/** A new, empty material line. */
export function newMaterialRow(): MaterialRowValues {
  rowCounter += 1;
  return { key: `row-${rowCounter}`, materialName: '', groundComposition: '', quantity: '', price: '', qualityClass: '', wasteCode: '' };
}

/** A number as a French input shows it (2.5 -> '2,5'); '' for none. */
export function numberToInput(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

export function emptyValues(): WizardValues {
  return {
    projectName: '',
    projectOwnerFirstName: '',
    projectOwnerLastName: '',
    projectOwnerStreet: '',
    projectOwnerPostcode: '',
    projectOwnerCity: '',
    projectOwnerSiret: '',
    siteAddress: '',
    siteLatitude: null,
    siteLongitude: null,
    parcelNumbers: [],
    quantity: '',
    soilStudyDelegation: false,
    groundTypeUnknown: false,
    materials: [newMaterialRow()],
    startDate: '',
    endDate: '',
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
  }));
  return {
    projectName: inquiry.projectName,
    projectOwnerFirstName: inquiry.projectOwnerFirstName ?? '',
    projectOwnerLastName: inquiry.projectOwnerLastName ?? '',
    projectOwnerStreet: inquiry.projectOwnerStreet ?? '',
    projectOwnerPostcode: inquiry.projectOwnerPostcode ?? '',
    projectOwnerCity: inquiry.projectOwnerCity ?? '',
    projectOwnerSiret: inquiry.projectOwnerSiret ?? '',
    siteAddress: inquiry.siteAddress ?? '',
    siteLatitude: inquiry.siteLatitude ?? null,
    siteLongitude: inquiry.siteLongitude ?? null,
    parcelNumbers: [...inquiry.parcelNumbers],
    quantity: numberToInput(inquiry.quantity),
    soilStudyDelegation: inquiry.soilStudyDelegation,
    groundTypeUnknown: inquiry.groundTypeUnknown,
    materials: materials.length > 0 || inquiry.groundTypeUnknown ? materials : [newMaterialRow()],
    startDate: inquiry.startDate ?? '',
    endDate: inquiry.endDate ?? '',
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
