// The account area (spec §2 "Account", §5, §8). Spellings are the spec's own, except its
// English 'organization' in the edit form's texts (issue 21; decision 0176), in `ourTexts`.
export const specTexts = {
  account: 'Mon Compte',
  userNotFound: 'Erreur : utilisateur introuvable.',
  // Mes informations
  informationsTitle: 'Mes informations',
  profileLoadFailed: 'Erreur lors du chargement de votre profil',
  profileUnavailable: 'Erreur : impossible de charger vos informations.',
  profileUpdateFailed: 'Erreur lors de la mise à jour de votre profil',
  profileUpdated: 'Votre profil a été mis à jour avec succès !',
  lastName: 'Nom',
  firstName: 'Prénom',
  phoneNumber: 'Numéro de téléphone',
  edit: 'Modifier',
  cancel: 'Annuler',
  save: 'Enregistrer',
  // Mon organisation
  organisationTitle: 'Votre organisation',
  organisationNotFound: 'Erreur : organisation introuvable.',
  organisationMissingId: "Erreur: ID d'organisation manquant",
  // Factures
  billsTitle: 'Facture',
  billsText: 'Retrouvez ici toutes les factures concernant vos transactions',
} as const;

export const ourTexts = {
  // The spec's 'organization' (English) reads 'organisation', as everywhere else (decision 0176).
  organisationUnavailable: "Impossible de charger les informations de l'organisation.",
  organisationUpdateFailed: "Erreur lors de la mise à jour de l'organisation",
  organisationUpdated: 'Organisation mise à jour avec succès !',
  email: 'Email',
  emailReadOnly: 'L’adresse email sert à vous connecter : elle ne peut pas être modifiée ici.',
  organisationEmailReadOnly: 'L’email de l’organisation ne se modifie pas depuis ce formulaire.',
  notProvided: 'Non renseigné',
  saving: 'Enregistrement...',
  retry: 'Réessayer',
  invoiceNumber: 'Numéro',
  invoiceDate: 'Date',
  invoiceCredits: 'Crédits',
  invoiceAmount: 'Montant TTC',
  download: 'Télécharger le PDF',
  downloading: 'Téléchargement...',
  downloadFailed: 'Le téléchargement de la facture a échoué.',
  invoicesLoading: 'Chargement des factures...',
  invoicesLoadFailed: 'Impossible de charger les factures.',
  noInvoices: 'Aucune facture pour le moment',
  noInvoicesHint: 'Une facture est émise à chaque achat de crédits.',
  // Mouvements de crédits (issue 21): the organisation's ledger, a grant with its reason. The
  // admin's name stays in the console: the organisation reads that the platform granted.
  ledgerTitle: 'Mouvements de crédits',
  ledgerText: 'Chaque crédit acheté, attribué par la plateforme ou débité à la validation d’une annonce, le plus récent en premier.',
  ledgerCaption: 'Mouvements de crédits de votre organisation',
  ledgerLoading: 'Chargement des mouvements de crédits...',
  ledgerLoadFailed: 'Impossible de charger les mouvements de crédits.',
  ledgerEmpty: 'Aucun mouvement de crédits pour le moment',
  ledgerEmptyHint: 'Les achats, les crédits attribués et les validations d’annonces s’afficheront ici.',
  ledgerDate: 'Date',
  ledgerAmount: 'Crédits',
  ledgerBalance: 'Solde après',
  ledgerGrantedByPlatform: 'Attribué par la plateforme',
  ledgerReason: 'Motif : {reason}',
  ledgerInvoice: 'Facture {number}',
  ledgerListing: 'Annonce « {project} »',
  invoicesCaption: 'Factures de votre organisation',
} as const;

export const texts = { ...specTexts, ...ourTexts };
