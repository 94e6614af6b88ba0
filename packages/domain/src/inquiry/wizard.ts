import * as v from 'valibot';
import { formObject } from '../validators/object';
import { MAX_MATERIAL_LINES } from '../constants';
import { messages } from '../messages';
import { fileSchema } from '../files/files';
import { fieldErrors } from '../validators/field-errors';
import { createDateSchema, isEndBeforeStart, type Now } from '../validators/date';
import { isBlank } from '../validators/text';
import { isCompleteMaterialRow } from './materials';
import {
  formSchemaOf,
  LISTING_FIELDS,
  LISTING_SUB_STEPS,
  listingFieldsWhere,
  subStepEntries,
  type ListingFieldKey,
  type ListingSchemaOptions,
  type ListingSubStep,
  type ListingValues,
} from './fields';
import { soilQualityErrors, type FillAcceptance } from './soil-quality';
import { camelToSnake, toCamelKeys } from '../util';

// Wizard sub-step schemas use the listing's camelCase names (answers), which map one to
// one onto the snake_case wire names of CONTRACT §8 (projectOwnerCity <-> project_owner_city).
// `quantity` is the surface in hectares, as on the wire.

// The plain sub-steps' schemas are the fields table's rules (fields.ts, `subStepEntries`): a
// required field must be given, an optional one may be blank.

/** Step 1.1: project name. */
export const projectNameStepSchema = formObject(subStepEntries('projectName'));

/** Step 1.2: project owner (the last name's limit is the spec's "unusually large" one). */
export const projectOwnerStepSchema = formObject(subStepEntries('projectOwner'));

/** Step 1.3: project owner's address. */
export const projectOwnerAddressStepSchema = formObject(subStepEntries('projectOwnerAddress'));

/** Step 1.4: project owner's SIRET (14 digits, checksum). */
export const projectOwnerSiretStepSchema = formObject(subStepEntries('projectOwnerSiret'));

/** Step 1.5 in the browser: site address and the permission document (a chosen file). */
export const siteStepSchema = formObject({
  ...subStepEntries('site'),
  permissionDocument: v.pipe(v.nullish(fileSchema), v.check((file) => file != null, messages.permissionDocumentRequired)),
});

/** Step 2: at least one cadastre parcel. */
export const parcelsStepSchema = formObject(subStepEntries('parcels'));

/** Step 3.1: surface in hectares, above 0, at most the input's 1000. */
export const surfaceStepSchema = formObject(subStepEntries('surface'));

/** Step 3.2: a soil study file, or its delegation to the platform. */
export const soilStudyStepSchema = v.pipe(
  formObject({
    soilStudyDocument: v.nullish(fileSchema),
    soilStudyDelegation: v.nullish(v.boolean()),
  }),
  v.forward(
    v.partialCheck(
      [['soilStudyDocument'], ['soilStudyDelegation']],
      (input) => input.soilStudyDocument != null || input.soilStudyDelegation === true,
      messages.soilStudyRequired,
    ),
    ['soilStudyDocument'],
  ),
);

// Lines may arrive with their wire names (material_name...) from the API's storage.
function asCamelRow(row: unknown): unknown {
  return typeof row === 'object' && row !== null && !Array.isArray(row) ? toCamelKeys(row as Record<string, unknown>) : row;
}

/**
 * Step 3.3: the 'unknown composition' box, or at least one material line where every line
 * is complete (material, quality, quantity above 0). Requiring every line, not just one,
 * keeps half-filled lines out of published listings; the user can delete a line.
 * Per-line messages come from `materialRowSchema`.
 */
export const compositionStepSchema = v.pipe(
  formObject({
    groundTypeUnknown: v.nullish(v.boolean()),
    materials: v.nullish(v.pipe(v.array(v.unknown()), v.maxLength(MAX_MATERIAL_LINES, messages.materialLinesMax))),
  }),
  v.forward(
    v.partialCheck(
      [['groundTypeUnknown'], ['materials']],
      (input) =>
        input.groundTypeUnknown === true ||
        (input.materials != null &&
          input.materials.length > 0 &&
          input.materials.every((row) => isCompleteMaterialRow(asCamelRow(row)))),
      messages.compositionRequired,
    ),
    ['materials'],
  ),
);

/** Step 3.4: availability period, both days in the window and the end not before the start. */
export function createAvailabilityStepSchema(options: { now?: Now } = {}) {
  const date = createDateSchema(options);
  return v.pipe(
    formObject({ startDate: date, endDate: date }),
    v.forward(
      v.partialCheck(
        [['startDate'], ['endDate']],
        (input) => !isEndBeforeStart(input.startDate, input.endDate),
        messages.endBeforeStart,
      ),
      ['endDate'],
    ),
  );
}
export const availabilityStepSchema = createAvailabilityStepSchema();

/** Step 4: the final certification box. */
export const certificationStepSchema = formObject(subStepEntries('summary'));

/** A listing as the API holds it (answer names), plus the kinds of its uploaded documents. */
export type InquiryForSubmission = Partial<{
  [K in ListingFieldKey]: ListingValues[K] extends unknown[] | null ? readonly unknown[] | null : ListingValues[K];
}> & {
  /**
   * The listing's documents: `kind` PERMISSION, SOIL_STUDY or OTHER (CONTRACT §5), `source`
   * ADVERTISER (the organisation's upload) or PLATFORM (sent by the platform, CONTRACT §11).
   * Only the organisation's own uploads count for the permission and the soil study.
   */
  documents?: readonly { kind: string; source: string }[] | null;
  /** A FILL listing's accepted classes, codes and receiving use (2026-11-23). */
  acceptance?: FillAcceptance | null;
};

/**
 * A sub-step's rule at submission: the cross-field ones (composition, availability) as the
 * wizard has them, the others from the table (the site without its browser-side file).
 */
function submissionSchemaOf(subStep: ListingSubStep, options: ListingSchemaOptions): v.GenericSchema {
  if (subStep === 'composition') return compositionStepSchema;
  if (subStep === 'availability') return createAvailabilityStepSchema(options);
  return formObject(subStepEntries(subStep, options));
}

export type SubmissionCheck = { ok: boolean; errors: Record<string, string> };

/**
 * Every wizard rule at once, for the API when a listing moves to PENDING_VALIDATION.
 * Errors are keyed by wire field name (`project_name`, `materials`...); the missing
 * permission document is reported under `documents`. Files themselves were checked at upload.
 * `requireSoilQuality` adds the soil-quality rules (CUT lines' class and code, FILL acceptance);
 * it stays off until the wizard asks for those fields, so existing drafts can still be submitted.
 */
export function validateInquiryForSubmission(
  inquiry: InquiryForSubmission,
  options: { now?: Now; requireSoilQuality?: boolean } = {},
): SubmissionCheck {
  const errors: Record<string, string> = {};
  const add = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = message;
  };
  // A study or letter the platform sent is not the advertiser's permission or soil study.
  const kinds = new Set((inquiry.documents ?? []).filter((doc) => doc.source === 'ADVERTISER').map((doc) => doc.kind));

  // The table's required fields: those no sub-step asks (the type), then each sub-step that
  // asks one, in the wizard's order, checked with its rule.
  const required = listingFieldsWhere((field) => field.submission === 'required');
  const schemas: v.GenericSchema[] = [
    ...required.filter((key) => LISTING_FIELDS[key].subStep === null).map((key) => formObject({ [key]: formSchemaOf(key, options) })),
    ...LISTING_SUB_STEPS.filter((subStep) => required.some((key) => LISTING_FIELDS[key].subStep === subStep)).map((subStep) =>
      submissionSchemaOf(subStep, options),
    ),
  ];
  for (const schema of schemas) {
    const result = v.safeParse(schema, inquiry);
    for (const [path, message] of Object.entries(fieldErrors(result))) {
      add(camelToSnake(path.split('.')[0] ?? path), message);
    }
  }
  if (!kinds.has('PERMISSION')) add('documents', messages.permissionDocumentRequired);
  if (!kinds.has('SOIL_STUDY') && inquiry.soilStudyDelegation !== true) {
    add('soil_study_delegation', messages.soilStudyRequired);
  }
  if (options.requireSoilQuality === true) {
    for (const [field, message] of Object.entries(soilQualityErrors(inquiry))) add(field, message);
  }
  return { ok: Object.keys(errors).length === 0, errors };
}

/** True when the wizard's first step can create the draft (spec §8: 'Project name is required'). */
export function canCreateDraft(input: { projectName?: string | null }): boolean {
  return !isBlank(input.projectName);
}
