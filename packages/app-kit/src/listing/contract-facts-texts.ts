// The contract facts' texts both apps' transfer pages show (issue 19; no spec text). Field
// labels and the rules' messages are the domain's (fields table, `matchingMessages`).
export const contractFactsTexts = {
  title: 'Références du contrat de cession',
  intro:
    'Le contrat de cession cite ces références (arrêté du 4 juin 2021) : il n’est établi qu’une fois renseignées. Chaque partie complète celles de son site ; elles restent modifiables après la validation de l’annonce.',
  complete: 'Le contrat de cession a toutes ses références : il peut être établi.',
  missingIntro: 'Il manque au contrat de cession :',
  otherParty: 'à renseigner par l’autre partie',
  cutForm: 'Site de déblais',
  fillForm: 'Site de remblai',
  ownForm: 'Vos références',
  save: 'Enregistrer les références',
  saved: 'Références du contrat enregistrées.',
  saveFailed: 'Les références n’ont pas été enregistrées.',
  unchanged: 'Aucune référence modifiée.',
  hints: {
    sisIdentifier: 'Si le terrain est dans un secteur d’information sur les sols (Géorisques), ex. 67SIS00321.',
    analysisReferences: 'Laboratoire, numéro de rapport, date. En 50 caractères au plus, le registre national les reprend comme DAP.',
    soilPreparer: 'Elle établit l’attestation de conformité de chaque lot.',
    permitReference: 'Permis d’aménager, de construire ou autre autorisation de l’opération.',
    permitDate: undefined,
  } as Record<string, string | undefined>,
} as const;
