import { describe, expect, it } from 'vitest';
import * as domain from './index';

// Other packages import these names; renaming one breaks them, so the list is pinned here.
const PUBLIC_NAMES = [
  'emailSchema', 'loginEmailSchema', 'simpleEmailSchema', 'createSimpleEmailSchema', 'optionalEmailSchema', 'optionalSimpleEmailSchema',
  'phoneSchema', 'optionalPhoneSchema', 'createDateSchema', 'dateSchema', 'dateWindow', 'siretSchema', 'isValidSiret', 'normalizeSiret', 'normalizePhone',
  'postcodeSchema', 'isValidPostcode', 'fileSchema', 'checkFile', 'ALLOWED_FILE_EXTENSIONS', 'ALLOWED_MIME_TYPES',
  'MAX_FILE_SIZE', 'detectFileKind', 'fileContentMatchesExtension', 'textSchema', 'requiredText', 'otpSchema',
  'profileStepSchema', 'profileEditSchema', 'isProfileComplete', 'onboardingStep1Schema', 'onboardingStep2Schema',
  'onboardingStep3Schema', 'organisationEditSchema', 'organisationUpdateSchema', 'ORGANISATION_FIELD_LABELS', 'onboardingStep', 'validateInvite',
  'MAX_COLLABORATORS', 'projectOwnerPartyName', 'VAT_RATE_BASIS_POINTS', 'VAT_RATE_PERCENT', 'amountsFromExclTax', 'pricePerCredit', 'listingCostGrid', 'projectNameStepSchema', 'projectOwnerStepSchema', 'projectOwnerAddressStepSchema',
  'projectOwnerSiretStepSchema', 'siteStepSchema', 'parcelsStepSchema', 'surfaceStepSchema', 'soilStudyStepSchema',
  'compositionStepSchema', 'createAvailabilityStepSchema', 'certificationStepSchema', 'validateInquiryForSubmission',
  'materialRowSchema', 'MATERIAL_CATALOGUE', 'priceFor', 'selectMaterial', 'selectQuality', 'creditsAmountSchema', 'creditsGrantReasonSchema', 'canCreateInquiry',
  'refusalReasonSchema', 'decodeInvitationToken', 'inquiryCost', 'lineTotal', 'lineTotalTone', 'INQUIRY_STATUSES',
  'statusLabel', 'stepperSteps', 'activeStepIndex', 'statusBadge', 'TYPE_LABELS', 'canTransition', 'transitionError',
  'transitionEffect', 'isEditableByAdvertiser', 'normalizeRole', 'roleHome', 'formatParcelId', 'parseParcelId',
  'parcelIdSchema', 'formatNumber', 'formatEuros', 'formatCubicMetres', 'formatHectares', 'formatDate', 'formatLongDateTime',
  'formatCredits', 'inquiryFieldRules', 'editableFields', 'OTP_LENGTH', 'ACCESS_EXPIRING_SOON_MS', 'SESSION_CSRF_HEADER',
  'TOAST_DURATION_MS', 'INVITATION_REDIRECT_DELAY_MS', 'MAP', 'PAYMENT_POLLING', 'PAGE_SIZES', 'DEFAULT_PAGE_SIZE',
  'TABLE_SEARCH_MIN_LENGTH', 'MAX_PAGE_SIZE', 'TABLE_SEARCH_MAX_LENGTH', 'sortParameterMessage', 'ADDRESS_SEARCH', 'fieldErrors', 'messages', 'fillTemplate',
  // Soil quality and matching (issue 11).
  'QUALITY_CLASSES', 'SELECTABLE_QUALITY_CLASSES', 'QUALITY_CLASS_LABELS', 'WASTE_CODES', 'WASTE_CODE_LABELS',
  'DEFAULT_WASTE_CODE', 'RECEIVING_USES', 'RECEIVING_USE_LABELS', 'USE_ADMITTED_CLASSES', 'LEGACY_FILL_ACCEPTANCE',
  'isHazardousWasteCode', 'parseWasteCode', 'wasteCodeOptionLabel', 'isInertOnlyAcceptance', 'qualityClassOf',
  'wasteCodeOf', 'acceptanceOf', 'qualityClassSchema', 'selectableQualityClassSchema', 'wasteCodeSchema',
  'receivingUseSchema', 'cutMaterialQualitySchema', 'fillAcceptanceSchema', 'soilQualityErrors', 'matchingMessages',
  // POP declared on a material line (issue 19).
  'POP_DECLARATIONS', 'POP_LABEL', 'POP_HELP', 'POP_LABELS', 'POP_SHORT_LABELS', 'popOf', 'registerPopOf', 'popDeclarationSchema',
  'DEFAULT_RADIUS_KM', 'DEFAULT_DETOUR_FACTOR', 'DEFAULT_CO2_KG_PER_M3_KM', 'DEFAULT_SOIL_DENSITY_T_PER_M3',
  'DEFAULT_TRUCK_PAYLOAD_T', 'DEFAULT_DISPOSAL_DISTANCE_KM', 'DEFAULT_SCORE_WEIGHTS', 'DEFAULT_MATCHING_CONFIG',
  'matchingConfigSchema', 'createMatchingConfig', 'truckLoadM3', 'EARTH_RADIUS_KM', 'greatCircleDistanceKm',
  'roadDistanceEstimateKm', 'haversineReach', 'boundingBox', 'isInBoundingBox', 'isValidLatLon', 'periodDays', 'periodOverlap',
  'qualityVerdict', 'materialFits', 'allocateVolumes', 'checkCompatibility', 'INCOMPATIBILITY_LABELS', 'prepareListing',
  'dayNumber',
  'evaluateMatch', 'rankMatches', 'rankAndCount', 'savingsForVolume', 'truckTrips', 'priceBalance', 'summariseSavings', 'transferSavings', 'OUTGOING_TEXS_HEADERS',
  'INCOMING_TEXS_HEADERS', 'outgoingTexsRows', 'incomingTexsRows', 'registerIssues', 'registerParcel',
  'outgoingTexsCsv', 'incomingTexsCsv', 'toCsv', 'csvCell', 'texsCells', 'MATCH_FIGURE_LABELS', 'SCORE_PART_LABELS',
  'formatKilometres', 'formatDays', 'formatTrips', 'formatCo2', 'formatPercent', 'formatScore',
  'formatEurosPerCubicMetre', 'formatOverlap', 'describePriceBalance',
  // Documents (source, removal).
  'DOCUMENT_KINDS', 'DOCUMENT_KIND_LABELS', 'documentKindLabel',
  'DOCUMENT_SOURCES', 'DOCUMENT_SOURCE_LABELS', 'DOCUMENT_SOURCE_DATE_PREFIXES', 'documentDateText', 'PLATFORM_DOCUMENT_KINDS', 'isDocumentKind', 'isPlatformDocumentKind',
  'documentDeletionRefusal', 'canDeleteDocument', 'PROBLEM_TYPES', 'defaultProblemType', 'isInquiryType', 'listingCharge', 'DEFAULT_DETAILS', 'UPLOADABLE_DOCUMENT_KINDS', 'GENERATED_DOCUMENT_KINDS',
  'isUploadableDocumentKind', 'isGeneratedDocumentKind', 'acceptanceFromFields', 'MATCH_STATUSES', 'MATCH_STATUS_LABELS',
  'OPEN_MATCH_STATUSES', 'MATCHABLE_STATUSES', 'isMatchableStatus', 'isMatchStatus', 'nextMatchStatuses', 'matchTransitionError', 'createMatchDoneSchema',
  // What an advertiser sees of a counterpart before acceptance (issue 20).
  'ADVERTISER_DISCLOSURE', 'coarsePoint', 'coarsePrice', 'coarsePeriod', 'coarseListing', 'advertiserSearchWindow',
  'advertiserMatchView', 'rankForAdvertiser', 'formatAboutKilometres', 'formatMonthSpan', 'formatAboutWeeks',
  // Address labels (admin tables, soil studies).
  'splitAddressLabel',
  // Transfers (issue 18): carriers, loads, mass balance, transfer status, TEXS transporter columns.
  'transferMessages', 'TRANSPORT_MODES', 'TRANSPORT_MODE_LABELS', 'TRANSPORT_MODE_FILE_VALUES', 'DEFAULT_TRANSPORT_MODE',
  'parseTransportMode', 'RECEIPT_EXEMPTIONS', 'SOIL_RECEIPT_EXEMPTIONS', 'ISO_COUNTRY_CODES', 'EU_VAT_RULES', 'isEuCountry',
  'checkForeignIdentifier', 'normalizeDepartment', 'CARRIER_FIELD_LABELS', 'carrierSchema', 'carrierColumns', 'isForeignCarrier', 'carrierUsableOn',
  'canManageCarriers', 'normalizePlate', 'createLoadDepartureSchema', 'createLoadReceptionSchema', 'loadCancelSchema',
  'LOAD_FIELD_LABELS', 'LOAD_STATUSES', 'LOAD_STATUS_LABELS', 'LOAD_ACTIONS', 'loadMachine', 'loadCreationError', 'loadActionError',
  'availableLoadActions', 'formatLoadNumber', 'parseLoadNumber', 'loadNumberYear', 'MAX_LOAD_VOLUME_M3', 'MAX_LOAD_WEIGHT_T',
  'RECEPTION_OUTCOMES', 'transferBalance', 'currentLoads', 'departureWeight', 'receivedWeight', 'exceedsRemaining', 'remainingVolumeOf', 'committedCeiling',
  'overRemainingMessage', 'transferClosing', 'TRANSFER_STATUSES', 'TRANSFER_STATUS_LABELS', 'transferMachine', 'transferOpensWith',
  'partiesVisible', 'transferTransitionError', 'TRANSFER_ACTIONS', 'TRANSFER_PERMISSIONS', 'transferSideOf', 'transferActionError',
  'MATCH_DONE_SOURCES', 'MATCH_DONE_SOURCE_LABELS', 'matchDoneFromClosing', 'outsidePlatformDoneError', 'carrierCompanyType',
  'texsTransporterColumns', 'texsTransporterCells', 'texsTransporterIssues',
  'LOAD_TICKET_DOCUMENT_KIND', 'LOAD_TICKET_EXTENSIONS', 'LOAD_TICKET_ACCEPT', 'checkLoadTicketFile',
  // The register export (issue 19): ids, « Motif », the « Erreur » column, our conformance check.
  'repeatedPublicIds', 'registerMotifs', 'TEXS_ERROR_HEADER', 'texsLineIssues', 'readTexsTable', 'parseTexsCsv',
  // Storage quota (issue 20).
  'formatStorageSize', 'storageUsePercent', 'storageUseText', 'storageQuotaMessage',
  'hasControlCharacters', 'oneLineCheck', 'describeParcelId', 'transferLots', 'transferLotNumber', 'soilUseCategory',
  'SOIL_USE_CATEGORY_LABELS', 'missingContractFacts', 'ANALYSIS_REFERENCES_MAX_LENGTH', 'SOIL_PREPARER_MAX_LENGTH',
  'PERMIT_REFERENCE_MAX_LENGTH', 'applicableGuide', 'GUIDE_TITLES',
  // Contract facts after validation and the contract's gate (issue 19); POP on inert soil.
  'CONTRACT_FACT_FIELDS', 'CONTRACT_FACTS_STATUSES', 'contractFactsEditable', 'contractFactsPatchSchema', 'transferMissingContractFacts',
  'CONTRACT_FACT_SIDE_LABELS', 'missingContractFactsText', 'contractFactsMissingMessage', 'isConsistentPop',
  'texsDapOf', 'TEXS_DAP_MAX_LENGTH', 'companyLegalName', 'contractFactFieldsOf',
  // The part of a listing a refusal names (issue 21).
  'refusalSubStep',
  // Notifications (issue 21): kinds, modes, defaults, the daily summary's hour.
  'NOTIFICATION_KINDS', 'NOTIFICATION_MODES', 'NOTIFICATION_KIND_LABELS', 'NOTIFICATION_KIND_HINTS', 'NOTIFICATION_MODE_LABELS',
  'DEFAULT_NOTIFICATION_MODES', 'NOTIFICATION_DIGEST_HOUR', 'NOTIFICATIONS_PAGE_SIZE', 'notificationMessages',
  'isNotificationKind', 'notificationPreferences', 'notificationDelivery', 'notificationPreferencesSchema', 'unreadCountText', 'unreadBadge',
  'digestInstant', 'lastDigestInstant',
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
