// The account area (spec §2 "Account", §5, §8). Spellings are the spec's own, including
// 'organization' in the edit form's toasts.
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
  name: 'Raison sociale',
  registrationNumber: 'SIRET',
  legalForm: 'Forme juridique',
  street: 'Adresse',
  postcode: 'Code postal',
  city: 'Ville',
  country: 'Pays',
  officePhoneNumber: 'Téléphone fixe',
  mobilePhoneNumber: 'Téléphone portable',
  representativePosition: 'Fonction',
  organisationNotFound: 'Erreur : organisation introuvable.',
  organisationUnavailable: "Impossible de charger les informations de l'organization.",
  organisationMissingId: "Erreur: ID d'organisation manquant",
  organisationUpdateFailed: "Erreur lors de la mise à jour de l'organization",
  organisationUpdated: 'Organization mise à jour avec succès !',
  // Factures
  billsTitle: 'Facture',
  billsText: 'Retrouvez ici toutes les factures concernant vos transactions',
} as const;

export const ourTexts = {
  email: 'Email',
  emailReadOnly: 'L’adresse email sert à vous connecter : elle ne peut pas être modifiée ici.',
  organisationEmailReadOnly: 'L’email de l’organisation ne se modifie pas depuis ce formulaire.',
  representativeEmail: 'Email du représentant',
  representativePhoneNumber: 'Téléphone du représentant',
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
  invoicesCaption: 'Factures de votre organisation',
} as const;

export const texts = { ...specTexts, ...ourTexts };
