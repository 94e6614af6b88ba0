import { COST_BASE_SURFACE_HA, COST_TABLE, COST_TRANCHE_HA, fillTemplate, formatCredits, formatHectares, listingCostGrid } from '@terres/domain';

export const listingCostTexts = {
  caption: 'Coût d’une annonce en crédits',
  surface: 'Surface du chantier',
  cut: 'Déblai',
  fill: 'Remblai',
  upTo: 'jusqu’à {surface}',
  rule:
    'Déblai : {cutBase} jusqu’à {base}, puis {cutTranche} par tranche de {tranche} commencée. Remblai : {fillBase}, puis {fillTranche}. Les crédits sont débités à la validation de l’annonce.',
} as const;

/**
 * What a listing costs by surface (the domain's `listingCostGrid`, the rule the wizard and the
 * API charge with): beside the credit packs and in the help (review D7).
 */
export function ListingCostTable() {
  const rule = fillTemplate(listingCostTexts.rule, {
    cutBase: formatCredits(COST_TABLE.CUT.base),
    cutTranche: formatCredits(COST_TABLE.CUT.perTranche),
    fillBase: formatCredits(COST_TABLE.FILL.base),
    fillTranche: formatCredits(COST_TABLE.FILL.perTranche),
    base: formatHectares(COST_BASE_SURFACE_HA),
    tranche: formatHectares(COST_TRANCHE_HA),
  });
  return (
    <div className="terres-cost-table">
      <table>
        <caption>{listingCostTexts.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{listingCostTexts.surface}</th>
            <th scope="col">{listingCostTexts.cut}</th>
            <th scope="col">{listingCostTexts.fill}</th>
          </tr>
        </thead>
        <tbody>
          {listingCostGrid().map((row) => (
            <tr key={row.surfaceHa}>
              <th scope="row">{fillTemplate(listingCostTexts.upTo, { surface: formatHectares(row.surfaceHa) })}</th>
              <td>{formatCredits(row.cut)}</td>
              <td>{formatCredits(row.fill)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="terres-cost-table__rule">{rule}</p>
    </div>
  );
}
