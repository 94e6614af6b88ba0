import { describe, expect, it } from 'vitest';
import * as domain from './index';

// Other packages import these names; renaming one breaks them, so the list is pinned here.
const PUBLIC_NAMES = [
  'emailSchema', 'loginEmailSchema', 'simpleEmailSchema', 'optionalEmailSchema', 'optionalSimpleEmailSchema',
  'phoneSchema', 'optionalPhoneSchema', 'createDateSchema', 'dateSchema', 'dateWindow', 'siretSchema', 'isValidSiret',
  'postcodeSchema', 'isValidPostcode', 'fileSchema', 'checkFile', 'ALLOWED_FILE_EXTENSIONS', 'ALLOWED_MIME_TYPES',
  'MAX_FILE_SIZE', 'detectFileKind', 'fileContentMatchesExtension', 'textSchema', 'requiredText', 'otpSchema',
  'profileStepSchema', 'profileEditSchema', 'isProfileComplete', 'onboardingStep1Schema', 'onboardingStep2Schema',
  'onboardingStep3Schema', 'organisationEditSchema', 'organisationUpdateSchema', 'onboardingStep', 'validateInvite',
  'MAX_COLLABORATORS', 'projectNameStepSchema', 'projectOwnerStepSchema', 'projectOwnerAddressStepSchema',
  'projectOwnerSiretStepSchema', 'siteStepSchema', 'parcelsStepSchema', 'surfaceStepSchema', 'soilStudyStepSchema',
  'compositionStepSchema', 'createAvailabilityStepSchema', 'certificationStepSchema', 'validateInquiryForSubmission',
  'materialRowSchema', 'MATERIAL_CATALOGUE', 'priceFor', 'selectMaterial', 'selectQuality', 'creditsAmountSchema',
  'refusalReasonSchema', 'decodeInvitationToken', 'inquiryCost', 'lineTotal', 'lineTotalTone', 'INQUIRY_STATUSES',
  'statusLabel', 'stepperSteps', 'activeStepIndex', 'statusBadge', 'TYPE_LABELS', 'canTransition', 'transitionError',
  'transitionEffect', 'isEditableByAdvertiser', 'normalizeRole', 'roleHome', 'formatParcelId', 'parseParcelId',
  'parcelIdSchema', 'formatNumber', 'formatEuros', 'formatCubicMetres', 'formatHectares', 'formatDate',
  'formatCredits', 'inquiryFieldRules', 'editableFields', 'OTP_LENGTH', 'ACCESS_EXPIRING_SOON_MS',
  'TOAST_DURATION_MS', 'INVITATION_REDIRECT_DELAY_MS', 'MAP', 'PAYMENT_POLLING', 'PAGE_SIZES', 'DEFAULT_PAGE_SIZE',
  'TABLE_SEARCH_MIN_LENGTH', 'ADDRESS_SEARCH', 'fieldErrors', 'messages',
];

describe('public API', () => {
  it.each(PUBLIC_NAMES)('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });

  it('constants hold the spec values', () => {
    expect(domain.ACCESS_EXPIRING_SOON_MS).toBe(300_000);
    expect(domain.MAP).toMatchObject({ maxZoom: 16, defaultZoom: 13, defaultCenter: [47.75, 7.33], defaultHeight: 400 });
    expect(domain.PAYMENT_POLLING).toMatchObject({ intervalMs: 2000, timeoutMs: 30_000, maxChecks: 15 });
    expect(domain.PAGE_SIZES).toEqual([5, 10, 25]);
    expect(domain.ADDRESS_SEARCH).toEqual({ minLength: 3, limit: 5, debounceMs: 250 });
  });
});
