// The dashboard's texts (spec §2 "Advertiser screens", §8). `specTexts` are quoted verbatim
// from docs/spec.txt (texts.test.ts checks them); `ourTexts` are ours where the spec is silent.
export const specTexts = {
  empty: "Vous n'avez pas encore créé d'annonce",
  loadFailed: 'Impossible de charger les annonces',
  buyCredits: 'Acheter des crédits',
} as const;

export const ourTexts = {
  title: 'Mes annonces',
  loading: 'Chargement de vos annonces...',
  loadFailedHint: 'Vérifiez votre connexion puis réessayez.',
  emptyDescription:
    'Publiez une annonce de déblai pour évacuer la terre de votre chantier, ou de remblai pour en recevoir.',
  count: '{count} annonces',
  countOne: '1 annonce',
  create: 'Créer une annonce',
  tableCaption: 'Annonces de votre organisation',
  search: 'Rechercher une annonce',
  columns: {
    project: 'Projet',
    type: 'Type',
    status: 'Statut',
    availability: 'Disponibilité',
    createdAt: 'Créée le',
    cost: 'Coût',
  },
  availability: 'du {start} au {end}',
  chooseTitle: "Quel type d'annonce souhaitez-vous créer ?",
  chooseDescription: 'Choisissez selon ce que votre chantier doit faire de sa terre.',
  cutTitle: 'Déblai',
  cutDescription: 'Votre chantier produit de la terre à évacuer : vous cherchez un site qui la recevra.',
  fillTitle: 'Remblai',
  fillDescription: 'Votre chantier a besoin de terre : vous cherchez un site qui peut en fournir.',
  cancel: 'Annuler',
  creditsNeededTitle: 'Des crédits sont nécessaires pour créer votre première annonce',
  creditsNeededOwner:
    "Le solde de votre organisation est de 0 crédit. Achetez des crédits pour créer votre première annonce : son coût n'est débité qu'à sa validation.",
  creditsNeededEmployee:
    "Le solde de votre organisation est de 0 crédit. Seul le responsable de votre organisation peut acheter des crédits : demandez-lui d'en ajouter pour créer votre première annonce.",
  help: "Consulter l'aide",
  // An employee sent back from an owner-only page (issue 21: the bounce said nothing)
  ownerOnly: {
    credits: 'Seul le responsable de votre organisation peut acheter des crédits : demandez-lui d’en ajouter.',
    collaborators: 'Seul le responsable de votre organisation gère les collaborateurs.',
  },
} as const;

export const texts = { ...specTexts, ...ourTexts };
