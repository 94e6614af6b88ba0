// The organisations table and detail (spec §2 "Admin screens", §4 "Organisation (admin)", §5
// credits dialog, §8 organisation, credits and archive texts). Spec texts keep the spec's own
// spellings ('organization' in the load failure, "Erreur: ID" without a space before the colon).
// Our texts put a no-break space before ? ! : (French typography).
export const specTexts = {
  pageTitle: 'Organisations',
  loading: 'Chargement...',
  // Detail
  edit: 'Modifier',
  cancel: 'Annuler',
  save: 'Enregistrer',
  archive: 'Archiver',
  archiveOrganisation: 'Archiver cette organisation',
  addCredits: 'Ajouter des crédits +',
  name: 'Raison sociale',
  registrationNumber: 'SIRET',
  legalForm: 'Forme juridique',
  street: 'Adresse',
  postcode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  officePhoneNumber: 'Téléphone fixe',
  mobilePhoneNumber: 'Téléphone portable',
  lastName: 'Nom',
  firstName: 'Prénom',
  // Toasts and errors (spec §8)
  updated: 'Organisation mise à jour avec succès !',
  updateFailed: "Erreur lors de la mise à jour de l'organisation",
  verifiedOn: 'Organisation vérifiée avec succès !',
  verifiedOff: 'Organisation marquée comme non vérifiée !',
  verifyFailed: 'Erreur lors de la modification du statut de vérification',
  notFound: 'Erreur : organisation introuvable.',
  loadFailed: "Impossible de charger les informations de l'organization.",
  missingId: "Erreur: ID d'organisation manquant",
  creditsAdded: '{n} crédits ajoutés avec succès !',
  archived: 'Organisation archivée avec succès !',
} as const;

const NBSP = '\u00a0';

export const ourTexts = {
  // Table
  tableCaption: 'Liste des organisations',
  searchLabel: 'Rechercher une organisation',
  showArchived: 'Afficher les organisations archivées',
  columnName: 'Nom',
  columnEmail: 'Email',
  columnRepresentative: 'Représentant',
  columnVerified: 'Vérifiée',
  yes: 'Oui',
  no: 'Non',
  archivedBadge: 'Archivée',
  notProvided: 'Non renseigné',
  loadListFailed: 'Impossible de charger les organisations.',
  // Detail
  detailTitle: 'Organisation',
  informationsTitle: 'Informations',
  email: 'Email',
  organisationEmailReadOnly: `L’email de l’organisation ne se modifie pas depuis ce formulaire.`,
  representativePosition: 'Fonction',
  representativeEmail: 'Email du représentant',
  representativePhoneNumber: 'Téléphone du représentant',
  saving: 'Enregistrement...',
  noChanges: 'Aucune modification à enregistrer.',
  balanceTitle: 'Solde de crédits',
  statusTitle: 'Statut',
  verifiedLabel: 'Organisation vérifiée',
  verifiedHint: 'Une organisation vérifiée a été contrôlée par la plateforme.',
  createdOn: 'Inscrite le {date}',
  archivedNotice: 'Ses utilisateurs n’ont plus accès à la plateforme. Elle ne peut plus être modifiée ni créditée.',
  archivedTitle: 'Organisation archivée',
  // Credits dialog
  creditsDialogTitle: 'Ajouter des crédits',
  creditsDialogDescription: 'Les crédits sont ajoutés au solde de {name}.',
  creditsAmountLabel: 'Nombre de crédits',
  creditsAmountHint: 'Un nombre entier de 1 à 999.',
  creditsSubmit: 'Ajouter',
  creditsSubmitting: 'Ajout...',
  // Ledger
  // Storage (issue 20): the organisation's uploads against its quota
  storageTitle: 'Stockage des documents',
  storageUse: 'Espace utilisé',
  storageNoDocument: 'Aucun document déposé par l’organisation',
  storageOneDocument: '1 document déposé par l’organisation',
  storageDocuments: '{count} documents déposés par l’organisation',
  storageFull: 'Quota atteint : l’organisation ne peut plus déposer de documents.',
  storageLoadFailed: 'Impossible de charger le stockage de l’organisation.',
  ledgerTitle: 'Mouvements de crédits',
  ledgerCaption: 'Mouvements de crédits de l’organisation',
  ledgerDate: 'Date',
  ledgerKind: 'Opération',
  ledgerAmount: 'Crédits',
  ledgerBalance: 'Solde après',
  ledgerReference: 'Référence',
  ledgerEmpty: 'Aucun mouvement de crédits pour le moment.',
  ledgerLoadFailed: 'Impossible de charger les mouvements de crédits.',
  ledgerListingLink: 'Voir l’annonce',
  // Members
  membersTitle: 'Membres',
  membersEmpty: 'Aucun membre.',
  membersLoadFailed: 'Impossible de charger les membres.',
  roleOwner: 'Responsable',
  roleEmployee: 'Collaborateur',
  pendingInvitation: 'Invitation en attente',
  noName: '—',
  // Listings
  listingsTitle: 'Annonces',
  listingsCaption: 'Annonces de l’organisation',
  listingsProject: 'Projet',
  listingsType: 'Type',
  listingsStatus: 'Statut',
  listingsCreated: 'Créée le',
  listingsEmpty: 'Aucune annonce publiée pour le moment.',
  listingsLoadFailed: 'Impossible de charger les annonces.',
  // Archive
  archiveTitle: 'Archivage',
  archiveLead: 'Archiver l’organisation coupe aussitôt l’accès de tous ses utilisateurs. C’est définitif.',
  archiveConfirmTitle: `Archiver ${'{name}'}${NBSP}?`,
  archiveConfirmDescription:
    'Tous les utilisateurs de l’organisation perdront l’accès à la plateforme immédiatement, et l’organisation ne pourra plus être modifiée. Cette action est définitive.',
  archiving: 'Archivage...',
} as const;

export const texts = { ...specTexts, ...ourTexts };
