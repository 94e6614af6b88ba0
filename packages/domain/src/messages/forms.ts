// Field rules of the forms (spec §5 where marked; the rest ours): what a validator says when a
// value is missing or malformed. The API answers the same sentences (its valibot checks are these).
export const formMessages = {
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
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  phoneRequired: 'Le numéro de téléphone est requis',
  organisationNameRequired: "Le nom de l'organisation est requis",
  registrationNumberRequired: "Le numéro d'enregistrement est requis",
  legalFormRequired: 'La forme juridique est requise',
  streetRequired: "L'adresse est requise",
  postcodeRequired: 'Le code postal est requis',
  cityRequired: 'La ville est requise',
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
  booleanExpected: 'Ce champ doit valoir vrai ou faux.',
  /** A single-line text with a line break or another control character (issues 19, 20). */
  singleLine: 'Ce champ ne doit contenir ni retour à la ligne ni caractère de contrôle.',
} as const;

/** A list over its maximum number of values. */
export function maxItemsMessage(max: number): string {
  return `Ce champ accepte au plus ${max} valeurs.`;
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
