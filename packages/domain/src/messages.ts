// Every user-facing sentence of the domain lives here, so the forms, the API's problem
// details and the tests quote one source. Texts marked "spec" are copied verbatim from the
// product spec; the others are ours (see README, Decisions).

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

  // ours
  dateInvalid: 'Veuillez entrer une date valide.',
  endBeforeStart: 'La date de fin ne peut pas être antérieure à la date de début.',
  positionRequired: 'La fonction est requise',
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
  inquiryTypeInvalid: "Le type d'annonce doit être CUT (déblai) ou FILL (remblai).",
} as const;

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
