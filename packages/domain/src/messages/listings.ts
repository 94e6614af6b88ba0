// Listings (annonces): the wizard's and the API's messages about a listing, its fields and its
// status (CONTRACT §8).
import { MAX_MATERIAL_LINES, MAX_PARCELS } from '../constants';

export const listingMessages = {
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
  // The soil facts of the transfer contract (issue 19; ours)
  sisIdentifierInvalid: 'L’identifiant SIS doit compter 10 à 15 lettres et chiffres, tel que Géorisques l’écrit (ex. 68SIS06001).',
  permitDateFuture: 'La date de l’autorisation d’urbanisme ne peut pas être postérieure à aujourd’hui.',
  /** Spec §8: creating a listing without a project name (kept in English, as the spec shows it). */
  projectNameRequired: 'Project name is required',
  inquiryTypeInvalid: "Le type d'annonce doit être CUT (déblai) ou FILL (remblai).",
  // Bounded work per request (issue 12; ours)
  materialLinesMax: `Une annonce compte au plus ${MAX_MATERIAL_LINES} lignes de matériaux.`,
  parcelsMax: `Une annonce compte au plus ${MAX_PARCELS} parcelles.`,
  // The API's details (ours)
  listingNotFound: 'Erreur : annonce introuvable.',
  listingIdInvalid: 'Identifiant d’annonce invalide.',
  idTaken: 'Cet identifiant d’annonce est déjà utilisé.',
  /** Issue 20: drafts are free, so an organisation keeps at most `{max}` of them (MAX_DRAFTS_PER_ORGANIZATION). */
  draftLimit:
    'Votre organisation a déjà {max} brouillons, le maximum autorisé. Soumettez ou supprimez un brouillon existant avant de créer une nouvelle annonce.',
  createdAsDraft: 'Une annonce est créée en brouillon (DRAFT).',
  notEditable: 'Seules les annonces en brouillon ou refusées peuvent être modifiées.',
  notDeletable: 'Seuls les brouillons peuvent être supprimés.',
  fieldNotEditable: 'Ce champ ne peut pas être modifié.',
  /** Followed by the first missing rule's message. */
  submissionIncomplete: "L'annonce est incomplète : ",
  statusOnlySubmission: 'Le statut demandé est invalide : seule la soumission (PENDING_VALIDATION) est possible ici.',
  statusInvalid: 'Statut invalide.',
  statusUnknown: 'Le statut demandé est inconnu.',
  soilStudyNotFound: 'Étude de sol introuvable.',
} as const;

/** 422 for an edit touching sealed fields: 'Ce champ ne peut pas être modifié. (quantity, type)'. */
export function fieldsNotEditableMessage(fields: readonly string[]): string {
  return `${listingMessages.fieldNotEditable} (${fields.join(', ')})`;
}
