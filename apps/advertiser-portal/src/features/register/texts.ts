// The organisation's own register download (issue 19), under 'Mon Compte'. Not a spec screen:
// no spec text here. The advice on which file to import is the domain's (shared with the console).
export const specTexts = {} as const;

export const ourTexts = {
  tab: 'Registre',
  title: 'Registre national des terres excavées',
  description:
    'Vos chargements de la période, au format des registres de Trackdéchets (RNDTS) : le registre sortant pour les terres parties de vos chantiers de déblais, le registre entrant pour celles reçues sur vos sites de remblai. Chaque SIRET déclare son propre registre.',
  from: 'Du',
  to: 'Au',
  register: 'Registre',
  outgoing: 'Sortant (vos déblais)',
  incoming: 'Entrant (vos remblais)',
  format: 'Format',
  xlsx: 'XLSX (à importer)',
  csv: 'CSV',
  periodInvalid: 'Choisissez une période : la fin ne peut pas précéder le début.',
  download: 'Télécharger mon registre',
  downloading: 'Téléchargement...',
  downloaded: 'Registre téléchargé.',
  downloadFailed: 'Le registre n’a pas été téléchargé.',
} as const;

export const texts = { ...specTexts, ...ourTexts };
