// The transfers summary on the admin map (issue 11): savings of the transfers done and the
// national register export. None of these is a spec text (the spec says nothing of matching).
export const specTexts = {} as const;

export const ourTexts = {
  title: 'Transferts réalisés',
  description: 'Les terres réutilisées grâce aux mises en relation de la plateforme, et ce qu’elles ont évité.',
  transfers: 'Transferts',
  volumeReused: 'Volume de terres réutilisé',
  co2Saved: 'CO₂e évité',
  truckKmSaved: 'Kilomètres de camion évités',
  basis: 'Par rapport à une évacuation à {disposal} en moyenne, à {co2} kg CO₂e par m³·km.',
  none: 'Aucun transfert réalisé pour l’instant.',
  loading: 'Chargement des transferts...',
  loadFailed: 'Impossible de charger les transferts',
  exportTitle: 'Registre national des terres excavées',
  exportDescription: 'Les transferts réalisés sur la période, au format des registres de Trackdéchets (RNDTS).',
  from: 'Du',
  to: 'Au',
  register: 'Registre',
  outgoing: 'Sortant (site de déblais)',
  incoming: 'Entrant (site de remblai)',
  format: 'Format',
  download: 'Télécharger le registre',
  downloading: 'Téléchargement...',
  downloaded: 'Registre téléchargé.',
  downloadFailed: 'Le registre n’a pas été téléchargé.',
  periodInvalid: 'Choisissez une période : la fin ne peut pas précéder le début.',
} as const;

export const texts = { ...specTexts, ...ourTexts };
