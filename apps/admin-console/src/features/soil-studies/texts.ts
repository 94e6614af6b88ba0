// The soil studies (spec §2 "Admin screens": table with street, postcode, city, organisation and
// 'Télécharger'; /admin/soil-studies/{id}, whose content the spec does not show). `specTexts` are
// quoted verbatim from docs/spec.txt (texts.test.ts checks them); `ourTexts` are ours.
export const specTexts = {
  title: 'Études de sol',
  download: 'Télécharger',
} as const;

export const ourTexts = {
  caption: 'Études de sol des annonces',
  intro:
    'Les études déposées par les annonceurs et celles qu’ils ont confiées à la plateforme. Recherchez par adresse, organisation ou projet, dès 2 caractères.',
  searchLabel: 'Rechercher une étude',
  columns: {
    street: 'Rue',
    postcode: 'Code postal',
    city: 'Ville',
    organization: 'Organisation',
    file: 'Fichier',
  },
  downloadOf: 'l’étude de sol de {place}',
  downloading: 'Téléchargement...',
  downloadFailed: 'Le téléchargement a échoué.',
  delegatedNoFile: 'Confiée à la plateforme',
  stateFilter: 'Étude',
  stateAll: 'Toutes les études',
  stateDelegated: 'Confiées à la plateforme, à réaliser',
  stateProvided: 'Avec un fichier',
  resetFilters: 'Réinitialiser',
  loadFailed: 'Impossible de charger les études de sol',
  capped: 'Plus de {total} études correspondent à cette recherche : précisez-la pour les parcourir toutes.',

  // Detail
  detailTitle: 'Étude de sol',
  notFound: 'Étude de sol introuvable.',
  loadFailedOne: "Impossible de charger l'étude de sol",
  loadFailedHint: 'Vérifiez votre connexion puis réessayez.',
  loading: "Chargement de l'étude de sol...",
  allStudies: 'Toutes les études de sol',
  // The back bar goes back to the studies, not to the organisations as spec §2 has it for every
  // admin details page but a listing's (issue 21; decision 0176).
  backBar: 'Revenir à la liste des études de sol',
  site: 'Site',
  street: 'Rue',
  postcode: 'Code postal',
  city: 'Ville',
  address: 'Adresse du site',
  listing: 'Annonce',
  project: 'Projet',
  openListing: "Voir l'annonce",
  type: 'Type',
  status: 'Statut',
  organization: 'Organisation',
  openOrganization: 'Voir la fiche de l’organisation',
  study: 'Étude',
  delegation: 'Réalisation',
  delegated: "Confiée à la plateforme par l'annonceur",
  notDelegated: "Fournie par l'annonceur",
  file: 'Fichier',
  noFile: "Aucun fichier pour le moment : envoyez l'étude à l'annonceur depuis les documents de l'annonce.",
  sendFromListing: "Envoyer l'étude depuis l'annonce",
  notProvided: 'Non renseigné',
} as const;

export const texts = { ...specTexts, ...ourTexts };
