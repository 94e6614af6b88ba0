import * as v from 'valibot';
import { MAX_MATERIAL_LINES, MAX_PARCELS, NAME_MAX_LENGTH, SURFACE_MAX_HA, TEXT_MAX_LENGTH } from '../constants';
import { matchingMessages } from '../matching/messages';
import { maxItemsMessage, messages } from '../messages';
import { createDateSchema, type Now } from '../validators/date';
import { postcodeSchema } from '../validators/postcode';
import { siretSchema } from '../validators/siret';
import { requiredText } from '../validators/text';
import { toCamelKeys } from '../util';
import { materialRowSchema } from './materials';
import { parcelIdSchema } from './parcel';
import { QUALITY_CLASSES, qualityClassSchema, receivingUseSchema, WASTE_CODES, wasteCodeSchema } from './soil-quality';
import { PROJECT_OWNER_LAST_NAME_MAX_LENGTH, PROJECT_OWNER_STREET_MAX_LENGTH } from './wizard';

/** Missing, null, '' or blank clear the field (null); anything else must pass `schema`. */
function clearable<TSchema extends v.GenericSchema>(schema: TSchema) {
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
  return v.pipe(
    v.array(v.unknown(), typeMessage),
    v.maxLength(max, maxMessage),
    v.array(item, typeMessage),
  );
}

const coordinate = (limit: number) =>
  clearable(
    v.pipe(
      v.number(messages.siteCoordinates),
      v.minValue(-limit, messages.siteCoordinates),
      v.maxValue(limit, messages.siteCoordinates),
    ),
  );

const materialRow = v.pipe(
  v.unknown(),
  v.transform((row) => (typeof row === 'object' && row !== null && !Array.isArray(row) ? toCamelKeys(row as Record<string, unknown>) : row)),
  materialRowSchema,
);

/**
 * A listing draft edit (PUT /inquiries/{id}, camelCase after key conversion): every field is
 * optional and may be cleared, except the project name; a field that is sent with a value
 * obeys the wizard's rule for it (postcode, SIRET, parcel ids, surface, material rows, dates).
 * Submission then checks completeness with `validateInquiryForSubmission`.
 */
export function createInquiryPatchSchema(options: { now?: Now } = {}) {
  const date = createDateSchema(options);
  return v.object({
    projectName: v.optional(requiredText(TEXT_MAX_LENGTH, messages.projectNameRequired)),
    projectOwnerFirstName: clearable(requiredText(NAME_MAX_LENGTH)),
    projectOwnerLastName: clearable(requiredText(PROJECT_OWNER_LAST_NAME_MAX_LENGTH)),
    projectOwnerStreet: clearable(requiredText(PROJECT_OWNER_STREET_MAX_LENGTH)),
    projectOwnerPostcode: clearable(postcodeSchema),
    projectOwnerCity: clearable(requiredText(TEXT_MAX_LENGTH)),
    projectOwnerSiret: clearable(siretSchema),
    siteAddress: clearable(requiredText(PROJECT_OWNER_STREET_MAX_LENGTH)),
    siteLatitude: coordinate(90),
    siteLongitude: coordinate(180),
    // The count is checked before the items: an oversized list is refused without reading it.
    parcelNumbers: v.optional(boundedArray(parcelIdSchema, MAX_PARCELS, messages.parcelsRequired, messages.parcelsMax)),
    quantity: clearable(
      v.pipe(v.number(messages.surfacePositive), v.gtValue(0, messages.surfacePositive), v.maxValue(SURFACE_MAX_HA, messages.surfaceMax)),
    ),
    materials: v.optional(boundedArray(materialRow, MAX_MATERIAL_LINES, messages.compositionRequired, messages.materialLinesMax)),
    groundTypeUnknown: v.optional(v.boolean(messages.booleanExpected)),
    soilStudyDelegation: v.optional(v.boolean(messages.booleanExpected)),
    acceptCertification: v.optional(v.boolean(messages.booleanExpected)),
    startDate: clearable(date),
    endDate: clearable(date),
    // A FILL listing's acceptance (issue 11), each part on its own; the whole is checked with
    // `fillAcceptanceSchema` once complete (the API) and at submission (`soilQualityErrors`).
    receivingUse: clearable(receivingUseSchema),
    acceptedQualityClasses: v.optional(
      v.pipe(
        boundedArray(qualityClassSchema, QUALITY_CLASSES.length, matchingMessages.acceptedClassesRequired, maxItemsMessage(QUALITY_CLASSES.length)),
        v.transform((list) => [...new Set(list)]),
      ),
    ),
    acceptedWasteCodes: v.optional(
      v.pipe(
        boundedArray(wasteCodeSchema, WASTE_CODES.length, matchingMessages.acceptedCodesRequired, maxItemsMessage(WASTE_CODES.length)),
        v.transform((list) => [...new Set(list)]),
      ),
    ),
  });
}

export const inquiryPatchSchema = createInquiryPatchSchema();
export type InquiryPatch = v.InferOutput<typeof inquiryPatchSchema>;
