// Public API of @terres/domain: the business rules shared by the portals and the API.
export * from './messages/index';
export * from './problems';
export * from './constants';
export * from './util';

export * from './validators/text';
export * from './validators/email';
export * from './validators/phone';
export * from './validators/otp';
export * from './validators/siret';
export * from './validators/postcode';
export * from './validators/date';
export * from './validators/field-errors';
export * from './validators/object';

export * from './files/files';
export * from './files/documents';
export * from './files/storage-quota';

export * from './auth/roles';
export * from './auth/invitation-token';

export * from './profile/profile';
export * from './organisation/organisation';
export * from './organisation/onboarding-step';
export * from './organisation/collaborators';

export * from './inquiry/cost';
export * from './inquiry/materials';
export * from './inquiry/line-total';
export * from './inquiry/parcel';
export * from './inquiry/wizard';
export * from './inquiry/fields';
export * from './inquiry/field-rules';
export * from './inquiry/patch';
export * from './inquiry/soil-quality';
export * from './inquiry/refusal-part';

export * from './status/status';
export * from './status/machine';
export * from './status/refusal';

export * from './credits/credits';
export * from './credits/first-listing';
export * from './credits/pricing';

export * from './format/format';
export * from './format/search';
export * from './format/address';

export * from './matching/messages';
export * from './matching/config';
export * from './matching/geo';
export * from './matching/period';
export * from './matching/compatibility';
export * from './matching/ranking';
export * from './matching/register';
export * from './matching/csv';
export * from './matching/register-conformance';
export * from './matching/format';
export * from './matching/proposals';
export * from './matching/disclosure';

export * from './transfers/messages';
export * from './transfers/carrier';
export * from './transfers/load';
export * from './transfers/ticket';
export * from './transfers/balance';
export * from './transfers/transfer';
export * from './transfers/register-transport';
export * from './transfers/documents';

export * from './notifications/notifications';
