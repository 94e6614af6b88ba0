// The organisation's own register download (issue 19), under 'Mon Compte'. Not a spec screen:
// no spec text here. The advice on which file to import is the domain's (shared with the console).
export const specTexts = {} as const;

export const ourTexts = {
  tab: 'Registre',
  title: 'Registre national des terres excavées',
  description:
    'Vos chargements de la période, au format des registres de Trackdéchets (RNDTS) : le registre sortant pour les terres parties de vos chantiers de déblais, le registre entrant pour celles reçues sur vos sites de remblai. Chaque SIRET déclare son propre registre.',
  outgoing: 'Sortant (vos déblais)',
  incoming: 'Entrant (vos remblais)',
  download: 'Télécharger mon registre',
  downloading: 'Téléchargement...',
} as const;

export const texts = { ...specTexts, ...ourTexts };
