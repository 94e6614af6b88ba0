// @terres/app-kit: what both web apps share (issue 10: "share it through a package, not by
// copying"): the signed-in state and its guards, the sign-in screen, and the app plumbing every
// route uses (query client defaults, route error and pending views, page titles, router links).
export { createAuth, type Auth, type AuthOptions, type AuthState, type AuthStatus, type SessionEnd } from './auth/auth';
export { AuthProvider, useAuth, useAuthController } from './auth/auth-context';
export { redirectSignedIn, requireUser } from './auth/guards';
export { LOGIN_PATH, safeRedirect } from './auth/paths';
export { AuthCard, type AuthCardProps } from './sign-in/auth-card';
export { SignInScreen, type SignInMode, type SignInScreenProps } from './sign-in/sign-in-screen';
export { startSignInPage, type AppModule, type SignInPageOptions, type SignInPageProps } from './sign-in/sign-in-page';
export { bootPage } from './app/boot';
export { AppLink } from './app/app-link';
export { AppRoot, createAppRuntime, type AppRuntime, type AppRuntimeOptions } from './app/runtime';
export { createQueryClient, shouldRetry } from './app/query-client';
export { RouteError, useRouteRetry } from './app/route-error';
export { RoutePending } from './app/route-pending';
export { pageTitle } from './app/title';
export { ListingFieldList, type ListingFieldListProps } from './listing/listing-field-list';
export {
  ContractFactsForm,
  contractFactsFormId,
  ContractFactsMissing,
  type ContractFactsFormProps,
  type ContractFactsMissingProps,
} from './listing/contract-facts';
export { contractFactsTexts } from './listing/contract-facts-texts';
export { ListingDocuments, type ListingDocumentsProps, type ListingDocumentsTexts } from './listing/listing-documents';
export { MoreRows, useMorePages, type MorePages, type MoreRowsProps } from './lists/more-pages';
export { DownloadButton, saveDocument, type DownloadButtonProps } from './downloads/download-button';
export { RegisterExportFields, registerExportTexts, useRegisterExport, type RegisterExportState } from './register/register-export';
export { ourTexts as kitOurTexts, specTexts as kitSpecTexts, texts as kitTexts } from './texts';
export { HELP_CREDITS_ITEM, HelpContent, helpFaqItems, helpTexts, type HelpContentProps } from './help/help-content';
export { ListingCostTable, listingCostTexts } from './help/listing-cost-table';
export { isAtOrBelow, serverFieldErrors, useForm, type Form, type FormErrors } from './forms/use-form';
export { formText, useDomainForm, type DomainForm, type DomainFormOptions, type FormValues } from './forms/use-domain-form';
export {
  OrganisationForm,
  organisationFormValues,
  organisationSections,
  type OrganisationFieldInput,
  type OrganisationFieldSpec,
  type OrganisationFormClassNames,
  type OrganisationFormProps,
  type OrganisationFormSection,
  type OrganisationFormTexts,
} from './organisation/organisation-form';
export { useUploads, type Upload, type UploadsOptions } from './uploads/use-uploads';
export { createAppEnv, DEFAULT_API_URL, DEFAULT_SUPPORT_EMAIL, envUrl, trimSlash, type AppEnv } from './app/app-env';
export { loadRuntimeConfig, RUNTIME_CONFIG_KEYS, type FetchLike } from './app/runtime-config';
export { appRootRouteOptions, createAppRouter, preloadRouteChunks, type AppRouterOptions, type RouterContext } from './app/router';
export {
  CarrierForm,
  carrierIdentityText,
  carrierReceiptText,
  type CarrierFormClassNames,
  type CarrierFormProps,
  type CarrierSave,
} from './carriers/carrier-form';
export { carrierTexts, type CarrierTexts } from './carriers/carrier-texts';
export { CARRIER_FIELDS, carrierBody, carrierFormSchema, carrierValues, type CarrierField, type CarrierValues } from './carriers/carrier-values';
// The queries only (route loaders); the bell and the form are `@terres/app-kit/notifications`,
// so that the sign-in page's bundle never carries them.
export { notificationListQueryOptions, notificationPreferencesQueryOptions } from './notifications/queries';
