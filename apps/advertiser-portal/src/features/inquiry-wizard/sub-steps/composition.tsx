// Step 3.3: the soil's composition (the spec's "materials"): the material lines (material,
// quality, m³, €/m³; a CUT line's quality class and waste code), or the 'unknown composition'
// box; a FILL listing's acceptance (issue 11). The table itself is components/steps/composition-step.tsx.
import {
  compositionStepSchema,
  cutMaterialQualitySchema,
  fieldErrors,
  fillAcceptanceSchema,
  materialRowSchema,
  subStepFields,
  toFiniteNumber,
} from '@terres/domain';
import * as v from 'valibot';
import { CompositionStep } from '../components/steps/composition-step';
import { acceptanceOf, hasAcceptance, isBlankRow, materialsToWire, parsedRow, type WizardValues } from '../model/values';
import { texts } from '../texts';
import type { SubStepModule, ValidationContext, WirePatch } from './types';

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

/** Per-line messages, keyed 'materials.{i}.{field}'; a number that cannot be read says so. */
export function materialRowErrors(values: WizardValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.materials.forEach((row, index) => {
    const result = v.safeParse(materialRowSchema, parsedRow(row));
    for (const [path, message] of Object.entries(fieldErrors(result))) errors[`materials.${index}.${path}`] = message;
    if (row.quantity.trim() !== '' && toFiniteNumber(row.quantity) === null) errors[`materials.${index}.quantity`] = texts.numberInvalid;
    if (row.price.trim() !== '' && toFiniteNumber(row.price) === null) errors[`materials.${index}.price`] = texts.numberInvalid;
  });
  return errors;
}

function validate(values: WizardValues, context: ValidationContext): Record<string, string> {
  // A FILL listing's acceptance (whole and coherent), a CUT line's class and code (issue 11);
  // without a type (a bare context), an acceptance once started is still checked.
  const acceptance =
    context.type !== undefined
      ? soilQualityErrors(values, context.type)
      : hasAcceptance(values)
        ? fieldErrors(v.safeParse(fillAcceptanceSchema, acceptanceOf(values)))
        : {};
  if (values.groundTypeUnknown) return acceptance;
  const errors = fieldErrors(v.safeParse(compositionStepSchema, { groundTypeUnknown: false, materials: values.materials.map(parsedRow) }));
  return { ...errors, ...materialRowErrors(values), ...acceptance };
}

function toWire(values: WizardValues): WirePatch {
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

export const composition: SubStepModule = {
  key: 'composition',
  step: 3,
  fields: subStepFields('composition'),
  validate,
  isEmpty: (values) => !values.groundTypeUnknown && values.materials.every(isBlankRow),
  toWire,
  Component: ({ form, type }) => <CompositionStep form={form} type={type} />,
};
