// French sentences of soil quality, matching and the register export. Kept apart from
// `messages.ts` so that file's other owners and this slice rebase without conflicts; the same
// rule holds: one source for the forms, the API's problem details and the tests. None of
// these is a spec text (the spec says nothing of matching): see README, Decisions 2026-11-23.

import { REGISTER_MAX_LINES } from '../constants';

export const matchingMessages = {
  // Soil quality of a material line (CUT) and the acceptance of a FILL listing.
  qualityClassRequired: 'Veuillez choisir une classe de qualité de terre.',
  qualityClassKnownRequired: 'Veuillez préciser la classe de qualité de la terre (la qualité « non renseignée » ne peut pas être publiée).',
  wasteCodeRequired: 'Veuillez choisir un code déchet.',
  wasteCodeInvalid:
    'Code déchet invalide : choisissez 17 05 04, 17 05 03*, 17 05 05*, 17 05 06 ou 20 02 02 (liste de l’arrêté du 4 juin 2021).',
  popNotInert:
    'Une terre contenant des polluants organiques persistants (POP) ne peut pas être classée « inerte du fond géochimique naturel ».',
  hazardousNotInert:
    'Une terre portant un code déchet dangereux (*) ne peut pas être classée « inerte du fond géochimique naturel ».',
  receivingUseRequired: 'Veuillez choisir l’usage du site receveur.',
  acceptedClassesRequired: 'Veuillez choisir au moins une classe de qualité acceptée.',
  acceptedCodesRequired: 'Veuillez choisir au moins un code déchet accepté.',
  classNotAllowedForUse: 'Cette classe de qualité n’est pas admise pour l’usage choisi du site receveur.',
  hazardousNotForInertReceiver:
    'Un site qui n’accepte que des terres inertes ne peut pas accepter de code déchet dangereux (*).',

  popInvalid: 'Présence de POP : choisissez Oui, Non ou Non renseigné.',

  acceptanceOnlyForFill: 'Seule une annonce de remblai indique les terres qu’elle accepte.',

  // Matching configuration (API configuration, admin settings).
  configPositive: 'La valeur doit être un nombre supérieur à 0.',
  configNonNegative: 'La valeur doit être un nombre positif ou nul.',
  configDetourFactor: 'Le coefficient de détour doit être compris entre 1 et 3.',
  configWeights: 'Au moins un poids du score doit être supérieur à 0.',
  configRadiusMax: 'Le rayon de recherche ne doit pas dépasser 1000 km.',

  // Matches proposed by the platform (POST /matches, status moves).
  matchStatusUnknown: 'Le statut demandé est inconnu : choisissez proposée, acceptée, refusée ou réalisée.',
  matchAlreadyInStatus: 'Cette mise en relation est déjà {status}.',
  matchTransitionRefused: 'Une mise en relation {from} ne peut pas devenir {to}.',
  matchNotFound: 'Mise en relation introuvable.',
  matchPairOpen: 'Ces deux annonces sont déjà mises en relation (proposition en cours ou acceptée).',
  matchPairInvalid: 'Il faut une annonce de déblais et une annonce de remblais.',
  matchListingNotValidated: 'Seules les annonces validées (et pas encore traitées) peuvent être mises en relation.',
  matchOrganizationArchived:
    "L'organisation de l'une de ces annonces est archivée : ses annonces ne peuvent plus être mises en relation, sauf si elle est rétablie.",
  matchNotCompatible: 'Ces deux annonces ne sont pas compatibles : {reasons}',
  matchInquiryIdRequired: 'Veuillez indiquer les identifiants des deux annonces.',
  movedVolumeRequired: 'Indiquez le volume réellement transporté, en m³ (supérieur à 0).',
  movedVolumeTooLarge: 'Le volume transporté ne doit pas dépasser 10 000 000 m³.',
  transferDateInvalid: 'La date du transfert est invalide.',
  transferDateInFuture: 'La date du transfert ne peut pas être dans le futur.',
  matchesLimit: 'Le nombre de résultats doit être un entier entre 1 et 50.',

  // Generated documents (doubt-clearing letter, pre-contract, transfer contract).
  documentKindNotGenerated: 'Type de document à générer inconnu : lettre de levée de doute, pré-contrat ou contrat de cession.',
  generationWrongStatus: 'Ce document se génère quand l’annonce est au statut « {status} ».',
  generationNeedsMatch: 'Ce document demande une mise en relation acceptée avec un autre site.',
  /** 409 on the contract's generation (issue 19): `{facts}` lists each missing fact and its side. */
  contractFactsMissing: 'Le contrat de cession ne peut pas encore être généré. À renseigner : {facts}. Chaque partie les complète sur la page du transfert.',
  contractFactsOnly: 'Seules les références du contrat peuvent être modifiées ici (SIS, analyses, préparation, autorisation d’urbanisme).',
  contractFactsNotEditable:
    'Les références du contrat (SIS, analyses, préparation, autorisation d’urbanisme) se complètent ici une fois l’annonce validée ; avant, modifiez l’annonce.',
  generationMatchAmbiguous: 'Cette annonce a plusieurs mises en relation acceptées : précisez laquelle.',

  // Register export (GET /register/exports).
  registerPeriodInvalid: 'Indiquez une période valide (dates du … au …, la fin après le début).',
  registerFormatInvalid: 'Format d’export inconnu : csv ou xlsx.',
  registerKindInvalid: 'Registre inconnu : sortant ou entrant.',
  registerTooManyLines: `La période compte plus de ${String(REGISTER_MAX_LINES).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')} lignes de registre : exportez-la en plusieurs périodes plus courtes.`,

  // Register export: what keeps a transfer's line from being imported as is.
  registerSiretInvalid: 'Le SIRET {party} est invalide.',
  registerCompanyIncomplete: 'L’adresse {party} est incomplète (rue, code postal et ville).',
  registerNoLocation:
    'Le site {site} n’a ni parcelle cadastrale exploitable ni coordonnées : le registre exige l’une ou l’autre.',
  registerNoTransporter: 'Transporteur non renseigné : à compléter avant l’import dans le registre national.',
  registerDateInFuture: 'La date {date} est dans le futur : le registre la refusera.',
  registerDateTooOld: 'La date {date} a plus de 18 mois : le registre la refusera.',
  registerDapTooLong:
    'DAP : les références des analyses de l’annonce dépassent 50 caractères ; saisissez le numéro du bordereau d’analyse ou de la DAP (colonne facultative).',
  registerPopUnknown:
    'POP (polluants organiques persistants) : non déclaré sur l’annonce de déblais ; à renseigner d’après les analyses du lot (OUI ou NON) avant l’import, ou à déclarer sur l’annonce (« Présence de POP »).',
  registerOutsideAvailability: 'La date {date} est hors de la période de disponibilité du site {site} (du {start} au {end}) : vérifiez-la avant l’import.',
  registerRepeatedIds: 'Le registre répète l’identifiant unique {ids} pour un même déclarant : aucun fichier n’est produit.',
  registerDeclarantInvalid: 'Indiquez le SIRET du déclarant (14 chiffres).',
  // Shown beside every register download (console and portal).
  registerFileAdvice:
    'Importez le fichier XLSX dans Trackdéchets : une seule feuille, chaque valeur exactement telle que saisie, sans formule. La dernière colonne, « Erreur », indique ce qu’il reste à compléter sur une ligne ; Trackdéchets l’ignore. Le CSV contient les mêmes lignes, pour un tableur.',
  // Shown beside every register download and when an admin records a transfer done outside the platform.
  registerOutsidePlatform:
    'Un transfert réalisé hors de la plateforme (clôturé avec un volume saisi, sans chargement) ne figure pas dans ces registres : la plateforme n’en connaît ni le transporteur ni les pesées, et Trackdéchets refuse une ligne sans transporteur. Le producteur et le destinataire le déclarent eux-mêmes.',
  registerOneFilePerDeclarant: 'Un fichier par SIRET déclarant ; plusieurs déclarants : une archive ZIP.',
  registerQuantity: 'Le volume transféré doit être supérieur à 0.',
  registerDescription: 'La dénomination des terres doit compter de 2 à 300 caractères.',
} as const;
