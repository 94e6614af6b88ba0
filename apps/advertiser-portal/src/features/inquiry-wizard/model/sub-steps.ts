// The wizard's 4 steps and 12 sub-steps (spec §2, §4, §5): what each validates (the domain's
// schemas, never a copy of a rule) and which wire fields each saves.
import type { Document, InquiryFields } from '@terres/api-client';
import {
  certificationStepSchema,
  compositionStepSchema,
  createAvailabilityStepSchema,
  cutMaterialQualitySchema,
  fieldErrors,
  fillAcceptanceSchema,
  materialRowSchema,
  parcelsStepSchema,
  projectNameStepSchema,
  projectOwnerAddressStepSchema,
  projectOwnerSiretStepSchema,
  projectOwnerStepSchema,
  siteStepSchema,
  snakeToCamel,
  soilStudyStepSchema,
  surfaceStepSchema,
  toFiniteNumber,
  type Now,
} from '@terres/domain';
import * as v from 'valibot';
import { texts } from '../texts';
import { acceptanceOf, hasAcceptance, isBlankRow, latestFileOf, materialsToWire, parsedRow, type WizardValues } from './values';

export type SubStepKey = keyof typeof texts.subSteps;

/** What a sub-step saves, in the wire's snake_case names. */
export type WirePatch = InquiryFields & { accept_certification?: boolean };

export interface SubStep {
  key: SubStepKey;
  /** 1-based step and sub-step numbers, as the URL shows them. */
  step: number;
  sub: number;
  /** Form fields of the sub-step (for showing errors and telling an empty sub-step). */
  fields: readonly (keyof WizardValues)[];
  /** Wire fields the sub-step owns (where the server's per-field errors lead). */
  wireFields: readonly string[];
}

const defs: readonly Omit<SubStep, 'sub'>[] = [
  { key: 'projectName', step: 1, fields: ['projectName'], wireFields: ['project_name', 'type'] },
  {
    key: 'projectOwner',
    step: 1,
    fields: ['projectOwnerFirstName', 'projectOwnerLastName'],
    wireFields: ['project_owner_first_name', 'project_owner_last_name'],
  },
  {
    key: 'projectOwnerAddress',
    step: 1,
    fields: ['projectOwnerStreet', 'projectOwnerPostcode', 'projectOwnerCity'],
    wireFields: ['project_owner_street', 'project_owner_postcode', 'project_owner_city'],
  },
  { key: 'projectOwnerSiret', step: 1, fields: ['projectOwnerSiret'], wireFields: ['project_owner_siret'] },
  {
    key: 'site',
    step: 1,
    fields: ['siteAddress'],
    wireFields: ['site_address', 'site_latitude', 'site_longitude', 'documents'],
  },
  { key: 'parcels', step: 2, fields: ['parcelNumbers'], wireFields: ['parcel_numbers'] },
  { key: 'surface', step: 3, fields: ['quantity'], wireFields: ['quantity'] },
  { key: 'soilStudy', step: 3, fields: ['soilStudyDelegation'], wireFields: ['soil_study_delegation'] },
  {
    key: 'composition',
    step: 3,
    fields: ['materials', 'groundTypeUnknown', 'receivingUse', 'acceptedQualityClasses', 'acceptedWasteCodes'],
    wireFields: ['materials', 'ground_type_unknown', 'receiving_use', 'accepted_quality_classes', 'accepted_waste_codes'],
  },
  { key: 'availability', step: 3, fields: ['startDate', 'endDate'], wireFields: ['start_date', 'end_date'] },
  { key: 'otherDocuments', step: 3, fields: [], wireFields: [] },
  { key: 'summary', step: 4, fields: ['acceptCertification'], wireFields: ['accept_certification', 'status'] },
];

export const SUB_STEPS: readonly SubStep[] = defs.map((def, index) => ({
  ...def,
  sub: defs.slice(0, index).filter((other) => other.step === def.step).length + 1,
}));

export const STEP_COUNT = 4;

/** Number of sub-steps of a 1-based step: 5, 1, 5, 1. */
export function subStepCount(step: number): number {
  return SUB_STEPS.filter((s) => s.step === step).length;
}

/** Index in SUB_STEPS of a 1-based position; out-of-range numbers are clamped. */
export function indexOf(step: number, sub: number): number {
  const stepClamped = Math.min(Math.max(Math.trunc(step) || 1, 1), STEP_COUNT);
  const subClamped = Math.min(Math.max(Math.trunc(sub) || 1, 1), subStepCount(stepClamped));
  return SUB_STEPS.findIndex((s) => s.step === stepClamped && s.sub === subClamped);
}

export function isStepEnd(index: number): boolean {
  const current = SUB_STEPS[index];
  const next = SUB_STEPS[index + 1];
  return current !== undefined && (next === undefined || next.step !== current.step);
}

/** Where a wire field (a 422 `errors` key, `materials.0.quantity` included) is entered. */
export function indexOfWireField(path: string): number {
  const root = path.split('.')[0] ?? path;
  const index = SUB_STEPS.findIndex((s) => s.wireFields.includes(root));
  return index === -1 ? SUB_STEPS.length - 1 : index;
}

/** A 422's wire path as the form's field path ('materials.0.ground_composition' -> 'materials.0.groundComposition'). */
export function formPath(wirePath: string): string {
  return snakeToCamel(wirePath);
}

export interface ValidationContext {
  documents: readonly Document[];
  now?: Now;
  /** The listing's type: a CUT line needs its quality class and code, a FILL site its acceptance. */
  type?: 'CUT' | 'FILL';
}

/** The soil-quality messages of the composition (issue 11), keyed by form path. */
function soilQualityErrors(values: WizardValues, type: ValidationContext['type']): Record<string, string> {
  if (type === 'FILL') return fieldErrors(v.safeParse(fillAcceptanceSchema, acceptanceOf(values)));
  if (type !== 'CUT' || values.groundTypeUnknown) return {};
  const errors: Record<string, string> = {};
  values.materials.forEach((row, index) => {
    const result = v.safeParse(cutMaterialQualitySchema, { qualityClass: row.qualityClass ?? '', wasteCode: row.wasteCode ?? '' });
    for (const [path, message] of Object.entries(fieldErrors(result))) errors[`materials.${index}.${path}`] ??= message;
  });
  return errors;
}

const NUMBER_PATTERN_ERROR = texts.numberInvalid;

function parsedMaterials(values: WizardValues) {
  return values.materials.map(parsedRow);
}

/** Per-line messages, keyed 'materials.{i}.{field}'; a number that cannot be read says so. */
export function materialRowErrors(values: WizardValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.materials.forEach((row, index) => {
    const result = v.safeParse(materialRowSchema, parsedRow(row));
    for (const [path, message] of Object.entries(fieldErrors(result))) errors[`materials.${index}.${path}`] = message;
    if (row.quantity.trim() !== '' && toFiniteNumber(row.quantity) === null) {
      errors[`materials.${index}.quantity`] = NUMBER_PATTERN_ERROR;
    }
    if (row.price.trim() !== '' && toFiniteNumber(row.price) === null) {
      errors[`materials.${index}.price`] = NUMBER_PATTERN_ERROR;
    }
  });
  return errors;
}

/**
 * The messages of one sub-step, keyed by form field path; empty when the sub-step is valid.
 * Every rule is the domain's sub-step schema.
 */
export function validateSubStep(key: SubStepKey, values: WizardValues, context: ValidationContext): Record<string, string> {
  switch (key) {
    case 'projectName':
      return fieldErrors(v.safeParse(projectNameStepSchema, { projectName: values.projectName }));
    case 'projectOwner':
      return fieldErrors(
        v.safeParse(projectOwnerStepSchema, {
          projectOwnerFirstName: values.projectOwnerFirstName,
          projectOwnerLastName: values.projectOwnerLastName,
        }),
      );
    case 'projectOwnerAddress':
      return fieldErrors(
        v.safeParse(projectOwnerAddressStepSchema, {
          projectOwnerStreet: values.projectOwnerStreet,
          projectOwnerPostcode: values.projectOwnerPostcode,
          projectOwnerCity: values.projectOwnerCity,
        }),
      );
    case 'projectOwnerSiret':
      return fieldErrors(v.safeParse(projectOwnerSiretStepSchema, { projectOwnerSiret: values.projectOwnerSiret }));
    case 'site':
      return fieldErrors(
        v.safeParse(siteStepSchema, {
          siteAddress: values.siteAddress,
          siteLatitude: values.siteLatitude,
          siteLongitude: values.siteLongitude,
          permissionDocument: latestFileOf(context.documents, 'PERMISSION'),
        }),
      );
    case 'parcels':
      return fieldErrors(v.safeParse(parcelsStepSchema, { parcelNumbers: values.parcelNumbers }));
    case 'surface': {
      if (values.quantity.trim() !== '' && toFiniteNumber(values.quantity) === null) return { quantity: NUMBER_PATTERN_ERROR };
      return fieldErrors(v.safeParse(surfaceStepSchema, { quantity: toFiniteNumber(values.quantity) }));
    }
    case 'soilStudy':
      return fieldErrors(
        v.safeParse(soilStudyStepSchema, {
          soilStudyDocument: latestFileOf(context.documents, 'SOIL_STUDY'),
          soilStudyDelegation: values.soilStudyDelegation,
        }),
      );
    case 'composition': {
      // A FILL listing's acceptance (whole and coherent), a CUT line's class and code (issue 11);
      // without a type (a bare context), an acceptance once started is still checked.
      const acceptance =
        context.type !== undefined
          ? soilQualityErrors(values, context.type)
          : hasAcceptance(values)
            ? fieldErrors(v.safeParse(fillAcceptanceSchema, acceptanceOf(values)))
            : {};
      if (values.groundTypeUnknown) return acceptance;
      const errors = fieldErrors(
        v.safeParse(compositionStepSchema, { groundTypeUnknown: false, materials: parsedMaterials(values) }),
      );
      return { ...errors, ...materialRowErrors(values), ...acceptance };
    }
    case 'availability':
      return fieldErrors(
        v.safeParse(createAvailabilityStepSchema(context.now === undefined ? {} : { now: context.now }), {
          startDate: values.startDate,
          endDate: values.endDate,
        }),
      );
    case 'otherDocuments':
      return {};
    case 'summary':
      return fieldErrors(v.safeParse(certificationStepSchema, { acceptCertification: values.acceptCertification }));
  }
}

export function isSubStepValid(key: SubStepKey, values: WizardValues, context: ValidationContext): boolean {
  return Object.keys(validateSubStep(key, values, context)).length === 0;
}

/**
 * The furthest position the values allow: the first sub-step that is not valid (the summary
 * when all are). A URL asking for a later sub-step lands here instead.
 */
export function firstInvalidIndex(values: WizardValues, context: ValidationContext): number {
  const index = SUB_STEPS.findIndex((s) => s.key !== 'summary' && !isSubStepValid(s.key, values, context));
  return index === -1 ? SUB_STEPS.length - 1 : index;
}

/** True when nothing was entered in the sub-step (so leaving it loses nothing). */
export function isSubStepEmpty(key: SubStepKey, values: WizardValues): boolean {
  switch (key) {
    case 'composition':
      return !values.groundTypeUnknown && values.materials.every(isBlankRow);
    case 'site':
      return values.siteAddress.trim() === '';
    case 'parcels':
      return values.parcelNumbers.length === 0;
    case 'soilStudy':
      return !values.soilStudyDelegation;
    case 'summary':
      return !values.acceptCertification;
    default: {
      const def = SUB_STEPS.find((s) => s.key === key);
      return (def?.fields ?? []).every((field) => {
        const value = values[field];
        return typeof value !== 'string' || value.trim() === '';
      });
    }
  }
}

const trim = (value: string) => value.trim();

/** The wire fields a sub-step saves (PUT /inquiries/{id}), from valid values. */
export function payloadFor(key: SubStepKey, values: WizardValues): WirePatch {
  switch (key) {
    case 'projectName':
      return { project_name: trim(values.projectName) };
    case 'projectOwner':
      return {
        project_owner_first_name: trim(values.projectOwnerFirstName),
        project_owner_last_name: trim(values.projectOwnerLastName),
      };
    case 'projectOwnerAddress':
      return {
        project_owner_street: trim(values.projectOwnerStreet),
        project_owner_postcode: trim(values.projectOwnerPostcode),
        project_owner_city: trim(values.projectOwnerCity),
      };
    case 'projectOwnerSiret':
      return { project_owner_siret: trim(values.projectOwnerSiret) };
    case 'site':
      return {
        site_address: trim(values.siteAddress),
        site_latitude: values.siteLatitude,
        site_longitude: values.siteLongitude,
      };
    case 'parcels':
      return { parcel_numbers: [...values.parcelNumbers] };
    case 'surface':
      return { quantity: toFiniteNumber(values.quantity) };
    case 'soilStudy':
      return { soil_study_delegation: values.soilStudyDelegation };
    case 'composition': {
      const acceptance = hasAcceptance(values)
        ? {
            receiving_use: (values.receivingUse || null) as WirePatch['receiving_use'],
            accepted_quality_classes: [...(values.acceptedQualityClasses ?? [])] as WirePatch['accepted_quality_classes'],
            accepted_waste_codes: [...(values.acceptedWasteCodes ?? [])] as WirePatch['accepted_waste_codes'],
          }
        : {};
      return values.groundTypeUnknown
        ? { ground_type_unknown: true, materials: [], ...acceptance }
        : { ground_type_unknown: false, materials: materialsToWire(values.materials), ...acceptance };
    }
    case 'availability':
      return { start_date: values.startDate, end_date: values.endDate };
    case 'otherDocuments':
      return {};
    case 'summary':
      return { accept_certification: values.acceptCertification };
  }
}

/** What a whole step saves at its last sub-step (spec §4): every sub-step of it. */
export function stepPayload(step: number, values: WizardValues): WirePatch {
  return Object.assign({}, ...SUB_STEPS.filter((s) => s.step === step).map((s) => payloadFor(s.key, values))) as WirePatch;
}

/**
 * Everything worth keeping: the fields of every valid sub-step (the draft save, spec §2
 * 'Enregistrer le brouillon et quitter'). Invalid sub-steps are left as the server has them.
 */
export function validPayload(values: WizardValues, context: ValidationContext): WirePatch {
  return Object.assign(
    {},
    ...SUB_STEPS.filter((s) => isSubStepValid(s.key, values, context)).map((s) => payloadFor(s.key, values)),
  ) as WirePatch;
}
