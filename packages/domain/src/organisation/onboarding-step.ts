import { camelToSnake } from '../util';
import { isBlank } from '../validators/text';

export type OnboardingStep = 1 | 2 | 3 | 'complete';

const STEP_1_FIELDS = ['name', 'registrationNumber', 'legalForm', 'street', 'postcode', 'city'] as const;
const STEP_2_FIELDS = ['email', 'officePhoneNumber', 'mobilePhoneNumber'] as const;
const STEP_3_FIELDS = [
  'representativeFirstName',
  'representativeLastName',
  'representativePosition',
  'representativeEmail',
  'representativePhoneNumber',
] as const;

// The own-organisation answer may use snake_case keys (spec §3), so both spellings count.
function read(organisation: Record<string, unknown>, key: string): unknown {
  const camel = organisation[key];
  return isBlank(camel) ? organisation[camelToSnake(key)] : camel;
}

function anyBlank(organisation: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((key) => isBlank(read(organisation, key)));
}

/**
 * Where onboarding resumes (spec §4): step 1 while any legal field is empty, then step 2
 * for contact fields, step 3 for the representative, else complete. No organisation
 * (missing, 404, load failure) is step 1.
 */
export function onboardingStep(organisation: object | null | undefined): OnboardingStep {
  if (!organisation) return 1;
  const record = organisation as Record<string, unknown>;
  if (anyBlank(record, STEP_1_FIELDS)) return 1;
  if (anyBlank(record, STEP_2_FIELDS)) return 2;
  if (anyBlank(record, STEP_3_FIELDS)) return 3;
  return 'complete';
}

export function isOrganisationComplete(organisation: object | null | undefined): boolean {
  return onboardingStep(organisation) === 'complete';
}

/** The route of an onboarding step, for the completeness guard. */
export function onboardingPath(step: Exclude<OnboardingStep, 'complete'>): string {
  return `/onboarding/step-${step}`;
}
