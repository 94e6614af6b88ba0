import type { Inquiry, Material } from '@terres/api-client';
import { MaterialTable } from '@terres/ui/material-table';
import { SoilAcceptance } from '@terres/ui/soil-acceptance';
import { texts } from '../texts';

/**
 * The listing's material lines with their totals (spec §2), or 'Aucun matériau renseigné.'
 * and the sentence about the analyses; a CUT listing's lines also show their quality class
 * and waste code (issue 11). On a phone `MaterialTable` shows each line as a card, its values
 * labelled and its total in sight.
 */
export function Materials({ materials, type }: { materials: readonly Material[]; type: Inquiry['type'] }) {
  return <MaterialTable materials={materials} caption={texts.materialsCaption} soilQuality={type === 'CUT'} />;
}

/** A FILL listing: what the site takes (use, quality classes, waste codes); nothing for a CUT one. */
export function Acceptance({ inquiry }: { inquiry: Inquiry }) {
  if (inquiry.type !== 'FILL') return null;
  return (
    <div className="inquiry-acceptance">
      <h3 className="inquiry-acceptance__title">{texts.acceptance}</h3>
      <SoilAcceptance
        receivingUse={inquiry.receivingUse}
        acceptedQualityClasses={inquiry.acceptedQualityClasses}
        acceptedWasteCodes={inquiry.acceptedWasteCodes}
      />
    </div>
  );
}
