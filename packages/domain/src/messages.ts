// Every user-facing sentence of the domain lives here, so the forms, the API's problem
// details and the tests quote one source. Texts marked "spec" are copied verbatim from the
// product spec; the others are ours (see README, Decisions).
import {
  FILE_NAME_MAX_LENGTH,
  MAX_MATERIAL_LINES,
  MAX_PARCELS,
  INVITATION_EMAILS_PER_ADDRESS_PER_DAY,
  INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY,
  MAX_PAGE_SIZE,
  TABLE_SEARCH_MAX_LENGTH,
} from './constants';

export const messages = {
  // spec §5
  required: 'Ce champ est requis.',
  email: 'Veuillez entrer une adresse email valide.',
  loginEmail: 'Veuillez entrer un email valide.',
  simpleEmail: "Format d'email invalide",
  phone: 'Veuillez entrer un numéro de téléphone valide.',
  dateBeforeToday: "La date ne peut pas être antérieure à aujourd'hui.",
  siretLength: 'Le numéro SIRET doit contenir exactement 14 chiffres.',
  siretChecksum: 'Le numéro SIRET est invalide.',
  // ours (issue 12): two active organisations cannot share a SIRET
  siretTaken: 'Une organisation utilise déjà ce numéro SIRET.',
  postcode: 'Veuillez entrer un code postal valide (5 chiffres).',
  fileTooLarge: 'Le fichier dépasse la taille maximale autorisée de 5 Mo.',
  fileType: 'Format de fichier non autorisé.',
  otp: 'Veuillez entrer un code à 6 chiffres.',
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  phoneRequired: 'Le numéro de téléphone est requis',
  organisationNameRequired: "Le nom de l'organisation est requis",
  registrationNumberRequired: "Le numéro d'enregistrement est requis",
  legalFormRequired: 'La forme juridique est requise',
  streetRequired: "L'adresse est requise",
  postcodeRequired: 'Le code postal est requis',
  cityRequired: 'La ville est requise',
  inviteSelf: 'Vous ne pouvez pas vous inviter vous-même',
  inviteDuplicate: 'Un employé avec cette adresse email a déjà été invité',
  inviteMax: 'Vous avez atteint le nombre maximal de collaborateurs (5)',
  creditsAmount: 'Le montant de crédits doit être entre 1 et 999',
  invitationMissing: "Lien d'invitation invalide",
  invitationNoSubject: 'Token invalide - email manquant',
  invitationExpired: "Ce lien d'invitation a expiré",
  invitationUndecodable: 'Token invalide',
  // CONTRACT §8
  insufficientBalance: 'Solde de crédits insuffisant.',
  // CONTRACT §6: every call of a user whose organisation was archived (403)
  organizationArchived: 'Votre organisation a été archivée.',

  // ours
  dateInvalid: 'Veuillez entrer une date valide.',
  endBeforeStart: 'La date de fin ne peut pas être antérieure à la date de début.',
  positionRequired: 'La fonction est requise',
  // Onboarding steps 2 and 3 require what `onboardingStep` checks (CONTRACT §11).
  organisationEmailRequired: "L'email de l'organisation est requis",
  officePhoneRequired: 'Le téléphone fixe est requis',
  mobilePhoneRequired: 'Le téléphone portable est requis',
  representativeEmailRequired: "L'email du représentant est requis",
  representativePhoneRequired: 'Le téléphone du représentant est requis',
  refusalReasonRequired: 'Le motif du refus est requis.',
  parcelId: 'Identifiant de parcelle invalide (14 caractères alphanumériques).',
  parcelsRequired: 'Veuillez sélectionner au moins une parcelle.',
  surfacePositive: 'La surface doit être supérieure à 0.',
  surfaceMax: 'La surface ne doit pas dépasser 1000 ha.',
  siteAddressRequired: "L'adresse du site est requise.",
  siteCoordinates: 'Les coordonnées du site sont invalides.',
  permissionDocumentRequired: "Le document d'autorisation est requis.",
  soilStudyRequired: "Veuillez joindre une étude de sol ou en confier la réalisation à la plateforme.",
  compositionRequired:
    'Veuillez renseigner au moins un matériau (matériau, qualité et quantité) ou cocher « composition inconnue ».',
  materialRequired: 'Veuillez choisir un matériau.',
  qualityRequired: 'Veuillez choisir une qualité.',
  quantityPositive: 'La quantité doit être supérieure à 0.',
  priceInvalid: 'Veuillez entrer un prix valide.',
  certificationRequired: "Veuillez certifier l'exactitude des informations de l'annonce.",
  /** Spec §8: creating a listing without a project name (kept in English, as the spec shows it). */
  projectNameRequired: 'Project name is required',
  booleanExpected: 'Ce champ doit valoir vrai ou faux.',
  // documents of a listing (API details and the apps' buttons)
  documentNotFound: 'Document introuvable.',
  documentNotMultipart: 'Envoyez le fichier en multipart/form-data, dans le champ « file ».',
  documentFileMissing: 'Veuillez joindre un fichier (champ « file »).',
  documentOneFile: 'Envoyez un seul fichier à la fois.',
  documentFileEmpty: 'Le fichier est vide.',
  documentKindInvalid: 'Le type de document doit être PERMISSION, SOIL_STUDY ou OTHER.',
  platformDocumentKindInvalid: 'La plateforme envoie une étude de sol (SOIL_STUDY) ou un autre document (OTHER).',
  documentUploadClosed: "Les documents ne peuvent être ajoutés qu'aux annonces en brouillon ou refusées.",
  documentDeleteClosed: 'Les documents ne peuvent être supprimés que des annonces en brouillon ou refusées.',
  documentSentByPlatform: 'Ce document a été envoyé par la plateforme : vous ne pouvez pas le supprimer.',
  documentDepositedByAdvertiser: "Ce document a été déposé par l'organisation : seule l'organisation peut le supprimer.",
  documentDeleteForbidden: 'Vous ne pouvez pas supprimer ce document.',
  inquiryTypeInvalid: "Le type d'annonce doit être CUT (déblai) ou FILL (remblai).",
  // Invitation e-mails (the API's 429 details, shown as they are by the collaborators page)
  invitationEmailTooSoon:
    "Une invitation vient d'être envoyée à cette adresse. Veuillez patienter une minute avant de la renvoyer.",
  invitationEmailsAddressDay: `Cette adresse a déjà reçu ${INVITATION_EMAILS_PER_ADDRESS_PER_DAY} invitations en 24 heures. Veuillez réessayer plus tard.`,
  invitationEmailsOrganizationDay: `Votre organisation a envoyé ${INVITATION_EMAILS_PER_ORGANIZATION_PER_DAY} invitations en 24 heures, le maximum. Veuillez réessayer plus tard.`,
  // List query parameters (the API's 400 details; ours)
  pageParameter: 'Le paramètre « page » doit être un nombre entier supérieur ou égal à 1.',
  pageSizeParameter: `Le paramètre « page_size » doit être un nombre entier entre 1 et ${MAX_PAGE_SIZE}.`,
  searchTooLong: `La recherche ne doit pas dépasser ${TABLE_SEARCH_MAX_LENGTH} caractères.`,
  statusParameter:
    'Le paramètre « status » accepte un ou plusieurs statuts séparés par des virgules : DRAFT, PENDING_VALIDATION, APPROVED, REJECTED, DOUBT_CLEARED, SITE_FOUND, PRE_CONTRACT_SIGNED, PROCESSED.',
  typeParameter: 'Le paramètre « type » doit valoir CUT (déblai) ou FILL (remblai).',
  bboxParameter:
    'Le paramètre « bbox » doit valoir longitude min,latitude min,longitude max,latitude max (en degrés, chaque minimum inférieur à son maximum).',
  withArchivedParameter: 'Le paramètre « with_archived » doit valoir true ou false.',
  organizationIdParameter: "Le paramètre « organization_id » doit être l'identifiant d'une organisation.",
  // Bounded work per request (issue 12; ours)
  materialLinesMax: `Une annonce compte au plus ${MAX_MATERIAL_LINES} lignes de matériaux.`,
  parcelsMax: `Une annonce compte au plus ${MAX_PARCELS} parcelles.`,
  fileNameTooLong: `Le nom du fichier ne doit pas dépasser ${FILE_NAME_MAX_LENGTH} caractères.`,
  serverBusy: 'Le serveur est très sollicité : veuillez réessayer dans quelques secondes.',
  // Input refused before any handler (issue 12: no 5xx from bad input; the API's 400 details; ours)
  nulCharacter: 'Ce champ contient un caractère nul (U+0000), qui n’est pas accepté.',
  bodyTooDeep: 'Le contenu de la requête est trop imbriqué.',
  urlInvalid: 'L’adresse demandée est invalide.',
  urlTooLong: 'L’adresse demandée est trop longue.',
  requestHeadersTooLarge: 'L’adresse ou les en-têtes de la requête sont trop volumineux.',
  multipartInvalid: 'Le contenu multipart/form-data est invalide ou incomplet.',
  jsonContentLength: 'La taille du contenu ne correspond pas à l’en-tête Content-Length.',
  stripeEventInvalid: 'Événement Stripe invalide.',
} as const;

/** 413 for a request body over its route's limit: 'La requête dépasse la taille maximale autorisée (32 Ko).' */
export function bodyTooLargeMessage(limitBytes: number): string {
  const size = limitBytes >= 1024 * 1024 ? `${Math.round((limitBytes / (1024 * 1024)) * 10) / 10} Mo` : `${Math.round(limitBytes / 1024)} Ko`;
  return `La requête dépasse la taille maximale autorisée (${size.replace('.', ',')}).`;
}

/** A list over its maximum number of values. */
export function maxItemsMessage(max: number): string {
  return `Ce champ accepte au plus ${max} valeurs.`;
}

/** The 400 detail for an unknown `sort` value, naming the accepted ones. */
export function sortParameterMessage(allowed: readonly string[]): string {
  return `Le paramètre « sort » doit valoir l'une de ces valeurs : ${allowed.join(', ')}.`;
}

/** 'La date ne peut pas être postérieure au DD/MM/YYYY.' (spec §5) with the actual last day. */
export function dateAfterMaxMessage(maxDisplay: string): string {
  return `La date ne peut pas être postérieure au ${maxDisplay}.`;
}

/** A date before a first allowed day other than today (e.g. an end date before its start). */
export function dateBeforeMinMessage(minDisplay: string): string {
  return `La date ne peut pas être antérieure au ${minDisplay}.`;
}

/** Our wording for every maximum length (the spec gives limits, not sentences). */
export function maxLengthMessage(max: number): string {
  return `Ce champ ne doit pas dépasser ${max} caractères.`;
}

/** The 400 detail for a text holding U+0000 (PostgreSQL text cannot store it), naming the field as sent. */
export function nulCharacterMessage(field: string): string {
  return field ? `Le champ « ${field} » contient un caractère nul (U+0000), qui n’est pas accepté.` : messages.nulCharacter;
}
