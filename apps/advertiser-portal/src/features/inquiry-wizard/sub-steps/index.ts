// The wizard's 4 steps and 12 sub-steps (spec §2, §4, §5), listed once: each is a module of
// this folder (its fields from the domain's fields table, rules, emptiness, wire form, screen).
// Everything the wizard asks of "a sub-step" goes through this list.
import { LISTING_FIELDS, snakeToCamel } from '@terres/domain';
import { availability } from './availability';
import { composition } from './composition';
import { otherDocuments } from './other-documents';
import { parcels } from './parcels';
import { projectName } from './project-name';
import { projectOwner } from './project-owner';
import { projectOwnerAddress } from './project-owner-address';
import { projectOwnerSiret } from './project-owner-siret';
import { site } from './site';
import { soilStudy } from './soil-study';
import { summary } from './summary';
import { surface } from './surface';
import type { SubStepKey, SubStepModule, ValidationContext, WirePatch } from './types';
import type { WizardValues } from '../model/values';

export type { SubStepKey, SubStepModule, SubStepProps, ValidationContext, WirePatch } from './types';

const MODULES: readonly SubStepModule[] = [
  projectName,
  projectOwner,
  projectOwnerAddress,
  projectOwnerSiret,
  site,
  parcels,
  surface,
  soilStudy,
  composition,
  availability,
  otherDocuments,
  summary,
];

export interface SubStep extends SubStepModule {
  /** 1-based sub-step number inside its step, as the URL shows it. */
  sub: number;
  /** Wire fields the sub-step owns (where the server's per-field errors lead). */
  wireFields: readonly string[];
}

export const SUB_STEPS: readonly SubStep[] = MODULES.map((module, index) => ({
  ...module,
  sub: MODULES.slice(0, index).filter((other) => other.step === module.step).length + 1,
  wireFields: [...module.fields.map((field) => LISTING_FIELDS[field].wire), ...(module.otherWireFields ?? [])],
}));

const byKey = new Map(SUB_STEPS.map((s) => [s.key, s]));
const subStep = (key: SubStepKey): SubStep => byKey.get(key)!;

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

/** The messages of one sub-step, keyed by form field path; empty when the sub-step is valid. */
export function validateSubStep(key: SubStepKey, values: WizardValues, context: ValidationContext): Record<string, string> {
  return subStep(key).validate(values, context);
}

export function isSubStepValid(key: SubStepKey, values: WizardValues, context: ValidationContext): boolean {
  return Object.keys(validateSubStep(key, values, context)).length === 0;
}

/** Every sub-step's messages at once (the form's). */
export function allErrors(values: WizardValues, context: ValidationContext): Record<string, string> {
  return Object.assign({}, ...SUB_STEPS.map((s) => s.validate(values, context))) as Record<string, string>;
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
  return subStep(key).isEmpty(values);
}

/** The wire fields a sub-step saves (PUT /inquiries/{id}), from valid values. */
export function payloadFor(key: SubStepKey, values: WizardValues): WirePatch {
  return subStep(key).toWire(values);
}

/** What a whole step saves at its last sub-step (spec §4): every sub-step of it. */
export function stepPayload(step: number, values: WizardValues): WirePatch {
  return Object.assign({}, ...SUB_STEPS.filter((s) => s.step === step).map((s) => s.toWire(values))) as WirePatch;
}

/**
 * Everything worth keeping: the fields of every valid sub-step (the draft save, spec §2
 * 'Enregistrer le brouillon et quitter'). Invalid sub-steps are left as the server has them.
 */
export function validPayload(values: WizardValues, context: ValidationContext): WirePatch {
  return Object.assign({}, ...SUB_STEPS.filter((s) => isSubStepValid(s.key, values, context)).map((s) => s.toWire(values))) as WirePatch;
}
