// The admin listings table (spec §2 "Admin screens", "Tables"; §8). `specTexts` are quoted
// verbatim from docs/spec.txt (texts.test.ts checks them); `ourTexts` are ours where the spec
// is silent. 'Chargement...' and 'Aucune donnée' are the ui DataTable's; status and type
// labels come from @terres/domain.
export const specTexts = {
  title: 'Liste des annonces',
  loadFailed: 'Impossible de charger les annonces',
} as const;

export const ourTexts = {
  caption: 'Annonces de toutes les organisations',
  intro:
    'Recherchez par projet, organisation, ville ou maître d’ouvrage : dès 2 caractères, sans tenir compte des accents ni des majuscules.',
  searchLabel: 'Rechercher une annonce',
  statusFilter: 'Statut',
  allStatuses: 'Tous (hors brouillons)',
  typeFilter: 'Type',
  allTypes: 'Tous les types',
  types: { CUT: 'Déblais', FILL: 'Remblais' },
  resetFilters: 'Réinitialiser',
  columns: {
    project: 'Projet',
    type: 'Type',
    organization: 'Organisation',
    city: 'Ville',
    status: 'Statut',
    availability: 'Disponibilité',
    createdAt: 'Créée le',
  },
  availabilityRange: '{start} – {end}',
  capped: 'Plus de {total} annonces correspondent à cette recherche : précisez-la pour les parcourir toutes.',
} as const;

export const texts = { ...specTexts, ...ourTexts };
