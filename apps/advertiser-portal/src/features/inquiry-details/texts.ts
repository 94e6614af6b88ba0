// The listing detail's texts (spec §2 "User listing detail", §4, §8). `specTexts` are quoted
// verbatim from docs/spec.txt (texts.test.ts checks them); `ourTexts` are ours where the spec
// is silent. Status labels, badges, 'Adresse non renseignée' and 'Date non renseignée' come
// from @terres/domain; 'Aucun matériau renseigné.' from @terres/ui's MaterialTable.
export const specTexts = {
  notFound: 'Erreur : annonce introuvable.',
  tabs: { overview: "Vue d'ensemble", informations: 'Récapitulatif détaillé', documents: 'Documents' },
  submitFailed: "Erreur lors de la soumission de l'annonce",
  buyCredits: 'Acheter des crédits',
} as const;

export const ourTexts = {
  // Sites compatibles (issue 11): counts and savings, never who the other party is.
  compatibleTitle: 'Sites compatibles',
  compatibleCount: '{count} avec votre annonce sur la plateforme, dans un rayon de {radius}.',
  compatibleNone: "Aucun site compatible pour l'instant. Nous vous écrirons dès qu'un site compatible sera publié.",
  compatibleIntro: "L'équipe Bourse aux terres étudie ces possibilités et vous proposera une mise en relation. Les meilleures :",
  // Issue 20: approximate figures only before a match is accepted (domain `rankForAdvertiser`).
  compatibleApproximate: 'Les distances et les périodes sont approchées : le site exact et ses conditions vous seront communiqués lors de la mise en relation.',
  compatibleSite: 'Site n° {rank}',
  compatibleSiteFigures: 'à {distance} par la route, {volume} échangeables {period} ({weeks} en commun), {co2} et {truckKm} de camion évités',
  compatibleLoading: 'Recherche des sites compatibles...',
  compatibleFailed: 'Les sites compatibles ne peuvent pas être affichés pour le moment.',
  compatibleRetry: 'Réessayer',
  // Once a site is found (review D3): the match's state, not the search for another.
  compatibleMatched: {
    SITE_FOUND: 'Un site compatible a été trouvé pour cette annonce : l’équipe Bourse aux terres organise la mise en relation.',
    PRE_CONTRACT_SIGNED: 'Le pré-contrat avec le site compatible est signé : la transaction est en cours.',
    PROCESSED: 'La transaction avec le site compatible est terminée : cette annonce est traitée.',
  },
  tabsLabel: "Sections de l'annonce",
  loadFailed: "Impossible de charger l'annonce",
  loadFailedHint: 'Vérifiez votre connexion puis réessayez.',
  backToDashboard: 'Revenir à mes annonces',
  loading: "Chargement de l'annonce...",

  // Summary and actions (every tab)
  createdOn: 'Créée le {date}',
  downloadPdf: 'Télécharger le récapitulatif (PDF)',
  downloading: 'Téléchargement...',
  downloadFailed: 'Le téléchargement a échoué.',
  resume: 'Reprendre la saisie',
  edit: "Modifier l'annonce",
  resubmit: 'Soumettre à nouveau',
  resubmitTitle: 'Soumettre à nouveau cette annonce ?',
  resubmitDescription:
    'Notre équipe examinera de nouveau votre annonce. Son coût, {cost}, sera débité du solde de votre organisation à sa validation.',
  resubmitSending: 'Envoi...',
  resubmitted: 'Annonce soumise de nouveau pour validation.',
  insufficientTitle: 'Crédits insuffisants',
  insufficientDescription: 'Cette annonce coûte {cost} et le solde de votre organisation est de {balance}.',
  insufficientEmployee: 'Seul le responsable de votre organisation peut acheter des crédits : demandez-lui d’en ajouter.',
  close: 'Fermer',
  deleteDraft: 'Supprimer le brouillon',
  deleteTitle: 'Supprimer ce brouillon ?',
  deleteDescription: 'Le brouillon « {name} » et ses documents seront supprimés définitivement.',
  deleteConfirm: 'Supprimer',
  deleting: 'Suppression...',
  deleted: 'Brouillon supprimé.',
  deleteFailed: 'Erreur lors de la suppression du brouillon',
  draftNoticeTitle: 'Brouillon',
  draftNotice: "Cette annonce n'a pas encore été soumise. Complétez-la puis soumettez-la pour qu'elle soit examinée par notre équipe.",
  rejectedNoticeTitle: 'Annonce refusée',
  rejectedNotice: 'Corrigez votre annonce puis soumettez-la à nouveau.',
  rejectionReason: 'Motif du refus',
  noRejectionReason: "Aucun motif n'a été précisé.",

  // Overview
  progress: "Avancement de l'annonce",
  steps: "Étapes de l'annonce",
  site: 'Chantier',
  siteAddress: 'Adresse du site',
  surface: 'Surface',
  availability: 'Disponibilité',
  availabilityRange: 'du {start} au {end}',
  cost: 'Coût de publication',
  costPending: '{cost}, débités à la validation',
  parcels: 'Parcelles',
  noParcel: 'Aucune parcelle renseignée.',
  composition: 'Composition du sol',
  materialsCaption: 'Matériaux, quantités et prix',
  acceptance: 'Terres acceptées sur le site',

  // Informations
  sections: {
    project: 'Projet',
    owner: "Maître d'ouvrage",
    site: 'Chantier',
    soil: 'Sol',
    dates: 'Disponibilité',
    record: "Suivi de l'annonce",
  },
  // The listing's fields and how they read: the domain's fields table (ListingFieldList).
  fields: {
    cost: 'Coût de publication',
    createdAt: 'Créée le',
    updatedAt: 'Mise à jour le',
  },

  // Documents
  documentsIntro: 'Les documents déposés par votre organisation et ceux que la plateforme vous a envoyés.',
  noDeposited: "Aucun document déposé pour le moment.",
  noSent: "La plateforme ne vous a encore envoyé aucun document.",
  deleteDocumentFailed: 'Erreur lors de la suppression du document',
  documentDeleted: 'Document supprimé.',
  summaryTitle: "Récapitulatif de l'annonce",
  summaryText: 'Toutes les informations de l’annonce dans un document PDF.',
  // Issue 18: the transfers of this listing's accepted matches.
  transfers: 'Transferts de terres',
  transferLink: 'Voir le transfert avec {project}',
} as const;

export const texts = { ...specTexts, ...ourTexts };
