// The carriers' texts both apps show (issue 18; no spec text): the form, a carrier's receipt or
// exemption line. Field labels are the domain's (`CARRIER_FIELD_LABELS`).
export const carrierTexts = {
  newCarrier: 'Nouveau transporteur',
  editCarrier: 'Modifier le transporteur',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  cancel: 'Annuler',
  saved: 'Transporteur enregistré.',
  saveFailed: 'Le transporteur n’a pas été enregistré.',
  noExemption: 'Aucune (récépissé)',
  receipt: 'Récépissé n° {number} ({department}), valable jusqu’au {date}',
  exempt: 'Exempté : {exemption}',
  noReceipt: '-',
} as const;

export type CarrierTexts = typeof carrierTexts;
