// French sentences of transfers (issue 18): carriers, loads, the mass balance and the transfer's
// close. One sentence, one key; the forms, the API's problem details and the tests read them
// from here. Kept apart from `messages.ts` and `messages/` (other slices edit those).
import { formMessages } from '../messages/forms';

export const transferMessages = {
  // Carrier (transporteur).
  carrierCountryRequired: 'Veuillez indiquer le pays du transporteur.',
  carrierCountryInvalid: 'Le code pays doit être un code ISO à 2 lettres (FR, BE, DE…).',
  carrierSiretRequired: 'Le SIRET est requis pour un transporteur établi en France.',
  carrierSiretForeign: 'Un transporteur établi hors de France n’a pas de SIRET : indiquez son numéro d’identification.',
  carrierIdentifierRequired: 'Veuillez indiquer le numéro d’identification du transporteur étranger (numéro de TVA ou autre).',
  carrierIdentifierFrench: 'Un transporteur établi en France est identifié par son SIRET, pas par un autre numéro.',
  carrierVatInvalid: 'Le numéro de TVA n’est pas valide pour ce pays ({example}).',
  carrierVatCountryMismatch: 'Le numéro de TVA commence par {prefix} : il ne correspond pas au pays choisi.',
  carrierIdentifierInvalid: 'Le numéro d’identification doit compter de 1 à 25 lettres majuscules ou chiffres.',
  carrierNameRequired: 'Veuillez indiquer la raison sociale du transporteur.',
  carrierNameTooLong: 'La raison sociale ne doit pas dépasser 150 caractères.',
  carrierStreetRequired: 'Veuillez indiquer l’adresse du transporteur.',
  carrierStreetTooLong: 'L’adresse ne doit pas dépasser 150 caractères.',
  carrierPostcodeRequired: 'Veuillez indiquer le code postal du transporteur.',
  carrierPostcodeFrench: 'Le code postal doit comporter 5 chiffres.',
  carrierPostcodeForeign: 'Le code postal doit compter de 4 à 11 lettres, chiffres, espaces ou tirets.',
  carrierCityRequired: 'Veuillez indiquer la commune du transporteur.',
  carrierCityTooLong: 'La commune ne doit pas dépasser 45 caractères.',
  carrierTransportModeInvalid: 'Mode de transport inconnu : route, fer, air, fluvial ou maritime.',
  carrierReceiptOrExemption:
    'Indiquez le récépissé de déclaration de transport de déchets du transporteur, ou l’exemption dont il relève.',
  carrierReceiptAndExemption: 'Un transporteur a soit un récépissé, soit une exemption : pas les deux.',
  carrierReceiptNumberRequired: 'Veuillez indiquer le numéro du récépissé.',
  carrierReceiptNumberTooLong: 'Le numéro du récépissé ne doit pas dépasser 50 caractères.',
  carrierReceiptDepartmentInvalid: 'Le département du récépissé doit être un numéro de département français (01 à 95, 2A, 2B, 971 à 976).',
  carrierReceiptValidUntilInvalid: 'La date de fin de validité du récépissé est invalide.',
  carrierExemptionInvalid: 'Cette exemption n’existe pas ou ne couvre pas le transport de terres.',
  carrierExemptionForeign: 'L’exemption de récépissé ne s’indique que pour un transporteur établi en France.',
  /** The forms' one wording (formMessages.singleLine). */
  carrierTextControlCharacters: formMessages.singleLine,

  // Carrier chosen for a load (carrierUsableOn).
  carrierReceiptExpired: 'Le récépissé du transporteur {name} a expiré le {date} : mettez-le à jour avant d’enregistrer un chargement.',
  carrierNoReceipt: 'Le transporteur {name} n’a ni récépissé de déclaration ni exemption : il ne peut pas être choisi.',
  carrierExemptionNotForHazardous:
    'L’exemption « terres non souillées » ne couvre pas des terres au code déchet dangereux ({code}) : le transporteur {name} doit avoir un récépissé.',
  carrierArchived: 'Le transporteur {name} est archivé : il ne peut plus être choisi.',

  // Load (one truck): departure.
  loadDepartedAtRequired: 'Veuillez indiquer la date et l’heure du départ.',
  loadDepartedAtInvalid: 'La date et l’heure du départ sont invalides.',
  loadDepartedAtFuture: 'Le départ ne peut pas être dans le futur.',
  loadCarrierRequired: 'Veuillez choisir le transporteur.',
  loadPlateRequired: 'Veuillez indiquer l’immatriculation du véhicule.',
  loadPlateInvalid: 'L’immatriculation doit compter de 4 à 12 lettres ou chiffres (AB-123-CD, 1234 AB 56 ou plaque étrangère).',
  loadWasteCodeRequired: 'Veuillez choisir le code déchet du chargement.',
  loadWasteCodeNotInListing: 'Le code déchet {code} ne figure pas dans l’annonce de déblais : choisissez {codes}.',
  loadVolumeRequired: 'Indiquez le volume du chargement, en m³ (supérieur à 0).',
  loadVolumeTooLarge: 'Le volume d’un chargement ne doit pas dépasser {max} m³.',
  loadVolumeDecimals: 'Le volume ne doit pas avoir plus de 3 décimales.',
  loadWeightInvalid: 'Le poids doit être un nombre de tonnes supérieur à 0.',
  loadWeightTooLarge: 'Le poids d’un chargement ne doit pas dépasser {max} t.',
  loadWeightDecimals: 'Le poids ne doit pas avoir plus de 3 décimales.',
  loadTicketWithoutWeight: 'Un ticket de pesée accompagne un poids : indiquez le poids pesé.',
  loadTicketTooLong: 'Le numéro du ticket de pesée ne doit pas dépasser 50 caractères.',
  loadOverRemaining:
    'Ce chargement de {volume} dépasse le volume restant attendu ({remaining}) : confirmez-le ; il sera signalé à l’administrateur.',

  // Load: reception.
  loadReceivedAtRequired: 'Veuillez indiquer la date et l’heure de la réception.',
  loadReceivedAtInvalid: 'La date et l’heure de la réception sont invalides.',
  loadReceivedAtFuture: 'La réception ne peut pas être dans le futur.',
  loadReceivedBeforeDeparture: 'La réception ne peut pas précéder le départ du chargement ({departedAt}).',
  loadOutcomeRequired: 'Indiquez si le chargement est accepté ou refusé.',
  loadRefusalReasonRequired: 'Indiquez le motif du refus du chargement.',
  loadReasonTooLong: 'Le motif ne doit pas dépasser 500 caractères.',
  loadCancelReasonRequired: 'Indiquez le motif de l’annulation du chargement.',
  loadCorrectionNoteTooLong: 'Le commentaire de correction ne doit pas dépasser 500 caractères.',

  // Load: moves.
  loadStatusUnknown: 'Statut de chargement inconnu.',
  loadActionUnknown: 'Action inconnue sur un chargement.',
  loadActionRefused: 'Un chargement {status} ne peut pas être {action}.',
  loadCorrectOnlyBeforeReception: 'Un chargement ne se corrige qu’avant sa réception : annulez-le avec un motif.',
  loadByCutMember: 'Seuls les membres de l’organisation du site de déblais enregistrent, corrigent ou annulent un chargement.',
  loadByFillMember: 'Seuls les membres de l’organisation du site de remblai confirment la réception d’un chargement.',
  loadByCutMemberOrAdmin: 'Seuls les membres de l’organisation du site de déblais ou un administrateur annulent un chargement.',
  loadTransferClosed: 'Le transfert est clôturé : ses chargements ne changent plus.',

  // Transfer.
  transferNotFound: 'Transfert introuvable.',
  transferStatusUnknown: 'Statut de transfert inconnu.',
  transferAlreadyInStatus: 'Ce transfert est déjà {status}.',
  transferTransitionRefused: 'Un transfert {from} ne peut pas devenir {to}.',
  transferByAdmin: 'Seul un administrateur peut clôturer ou abandonner un transfert.',
  transferActionForbidden: 'Votre rôle ne permet pas cette action sur le transfert.',
  transferNotOpen: 'Le transfert n’est plus ouvert.',
  transferNeedsAcceptedMatch: 'Un transfert s’ouvre pour une mise en relation acceptée.',
  transferCloseLoadsInTransit: 'Impossible de clôturer : {count} chargement(s) en route attendent leur réception ou leur annulation.',
  transferCloseNoAcceptedLoad: 'Impossible de clôturer : aucun chargement n’a été accepté (clôturez la mise en relation comme réalisée hors plateforme).',
  transferWithdrawHasLoads: 'Impossible d’abandonner un transfert qui a des chargements : annulez-les d’abord.',
  matchDoneHasLoads: 'Cette mise en relation a des chargements enregistrés : clôturez son transfert au lieu de saisir le volume à la main.',

  // API answers (issue 18).
  carrierNotFound: 'Transporteur introuvable.',
  carrierNotOfOrganization: 'Ce transporteur ne figure pas dans la liste de l’organisation du site de déblais.',
  carrierDuplicate: 'Un transporteur actif de cette organisation a déjà ce SIRET ou ce numéro d’identification.',
  carrierArchivedNotEditable: 'Ce transporteur est archivé : il ne se modifie plus.',
  carrierOrganizationArchived: 'Cette organisation est archivée : sa liste de transporteurs ne change plus.',
  carrierListParameter: 'Le paramètre include_archived doit valoir true ou false.',
  loadNotFound: 'Chargement introuvable.',
  loadVersionChanged: 'Ce chargement a été modifié entre-temps (version {version}) : rechargez-le avant de le corriger.',
  loadIdempotencyKeyReused: 'Cette clé d’idempotence a déjà servi pour un autre chargement.',
  transferStatusParameter: 'Le filtre de statut doit être OPEN, CLOSED ou WITHDRAWN.',
  transferDiscrepancyParameter: 'Le paramètre discrepancy doit valoir true ou false.',
  loadStatusParameter: 'Le filtre de statut doit être IN_TRANSIT, ACCEPTED, REFUSED ou CANCELLED.',

  // E-mails (issue 18).
  mailLoadRefusedSubject: 'Chargement {number} refusé à la réception',
  mailLoadRefusedIntro: 'Le chargement {number} ({volume} m³, {wasteCode}), parti le {departedAt} du chantier « {cutProject} », a été refusé à la réception sur le chantier « {fillProject} ».',
  mailLoadRefusedReason: 'Motif du refus : {reason}',
  mailLoadRefusedAction: 'Voir le transfert',
  mailDigestSubject: '{count} chargement(s) en route vers « {fillProject} »',
  mailDigestIntro: 'Des chargements de terres partis du chantier « {cutProject} » sont en route vers votre chantier « {fillProject} » : confirmez leur réception (acceptée ou refusée) à leur arrivée.',
  mailDigestLine: '{number} : {volume} m³, {wasteCode}, départ le {departedAt}, véhicule {plate}',
  mailDigestAction: 'Confirmer les réceptions',

  // TEXS transporter columns (texsTransporterIssues): what Trackdéchets' import would refuse.
  texsModeWithoutCarrier: 'Le mode de transport ne peut être renseigné que si les informations du transporteur le sont également.',
  texsCarrierWithoutMode: 'Le mode de transport doit être renseigné si les informations du transporteur le sont.',
  texsTypeRequired: 'Le type de transporteur est obligatoire si des champs le concernant sont renseignés.',
  texsModeUnknown: 'Mode de transport inconnu : {mode}.',
  texsReceiptRequired: 'Le numéro de récépissé est obligatoire si le transporteur n’en est pas exempté.',
  texsReceiptTooLong: 'Le numéro de récépissé ne doit pas dépasser 50 caractères.',
  texsOrgIdTooLong: 'Le numéro d’identification ne doit pas dépasser 27 caractères.',
  texsSiretRequired: 'Le SIRET doit être saisi pour un établissement français.',
  texsSiretInvalid: 'Le SIRET saisi n’est pas un SIRET valide.',
  texsCountryNotFr: 'Le code pays doit être FR pour une entreprise française.',
  texsPostalCodeFr: 'Le code postal doit compter 5 ou 6 chiffres pour une entreprise française.',
  texsVatInvalid: 'Le numéro de TVA n’est pas valide.',
  texsVatCountry: 'Le code pays ne correspond pas au code pays de la TVA saisie.',
  texsOrgIdOutsideEu: 'Le numéro d’identification doit compter de 1 à 25 lettres majuscules ou chiffres.',
  texsNameRequired: 'La raison sociale est obligatoire.',
  texsNameTooLong: 'La raison sociale ne doit pas dépasser 150 caractères.',
  texsAddressRequired: 'L’adresse est obligatoire.',
  texsAddressTooLong: 'L’adresse ne doit pas dépasser 150 caractères.',
  texsPostalCodeRequired: 'Le code postal est obligatoire.',
  texsPostalCodeInvalid: 'Le code postal n’est pas dans un format valide.',
  texsCityRequired: 'La commune est obligatoire.',
  texsCityTooLong: 'La commune ne doit pas dépasser 45 caractères.',
  texsCountryRequired: 'Le code pays est obligatoire.',
  texsCountryInvalid: 'Le code pays doit être composé de 2 lettres majuscules.',
  texsTypeUnexpected: 'Type inattendu pour un transporteur : {type}.',
} as const;

export type TransferMessageKey = keyof typeof transferMessages;
