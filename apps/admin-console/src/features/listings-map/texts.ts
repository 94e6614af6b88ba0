// The admin listings map (spec §2 "Admin screens" and "Reusable map view", §9 map constants;
// CONTRACT §11: pins at the opening zoom 13 and below). The popup's own texts (project,
// 'Organisation inconnue', type and status) are @terres/maps' ListingPins.
export const specTexts = {
  title: 'Carte des annonces',
  unknownOrganisation: 'Organisation inconnue',
} as const;

const NBSP = '\u00a0';

export const ourTexts = {
  mapLabel: 'Carte des annonces de toutes les organisations',
  addressLabel: 'Centrer la carte sur une adresse',
  addressPlaceholder: 'Ex. 10 rue du Sauvage, Mulhouse',
  typeFilter: 'Type',
  allTypes: 'Tous les types',
  types: { CUT: 'Déblais', FILL: 'Remblais' },
  statusFilter: 'Statut',
  allStatuses: 'Tous (hors brouillons)',
  viewListing: 'Voir l’annonce',
  loading: 'Chargement des annonces...',
  countNone: 'Aucune annonce dans cette zone.',
  countOne: '1 annonce dans cette zone.',
  countMany: '{count} annonces dans cette zone.',
  zoomOut: `Les annonces s’affichent au zoom 13 et en deçà${NBSP}: dézoomez pour les voir.`,
  loadFailed: 'Impossible de charger les annonces de la carte.',
  retry: 'Réessayer',
} as const;

export const texts = { ...specTexts, ...ourTexts };
