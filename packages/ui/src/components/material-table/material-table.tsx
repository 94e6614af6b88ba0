import { formatCubicMetres, formatEuros, toFiniteNumber, type NumericInput } from '@terres/domain';
import { AmountCell } from '../amount-cell/amount-cell';

export interface MaterialRow {
  materialName: string;
  /** The quality (composition) chosen in the catalogue. */
  groundComposition?: string | null;
  /** m³ */
  quantity: NumericInput;
  /** euros per m³ */
  price: NumericInput;
}

export interface MaterialTableProps {
  materials: readonly MaterialRow[] | null | undefined;
  caption?: string;
  loading?: boolean;
  /** The sentence after 'Aucun matériau renseigné.' (spec §2: the team will carry out the analyses). */
  emptyHint?: string;
  className?: string;
}

export const NO_MATERIAL_TEXT = 'Aucun matériau renseigné.';
export const NO_MATERIAL_HINT = "Les analyses de sol seront réalisées par l'équipe de Bourse aux terres.";

const formatPrice = (price: NumericInput) => {
  const value = toFiniteNumber(price);
  return value === null ? '-' : `${formatEuros(value)}/m³`;
};

/** The material lines of a listing with their totals (spec §2, listing detail). */
export function MaterialTable({
  materials,
  caption = 'Composition du sol',
  loading = false,
  emptyHint = NO_MATERIAL_HINT,
  className,
}: MaterialTableProps) {
  const classes = className ? `terres-material-table ${className}` : 'terres-material-table';
  if (loading) {
    return (
      <p className={classes} role="status">
        Chargement...
      </p>
    );
  }
  if (!materials || materials.length === 0) {
    return (
      <div className={classes} data-empty="">
        <p className="terres-material-table__empty">{NO_MATERIAL_TEXT}</p>
        {emptyHint ? <p className="terres-material-table__hint">{emptyHint}</p> : null}
      </div>
    );
  }
  return (
    <div className={classes}>
      <table className="terres-material-table__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Matériau</th>
            <th scope="col">Qualité</th>
            <th scope="col" data-align="end">
              Quantité
            </th>
            <th scope="col" data-align="end">
              Prix
            </th>
            <th scope="col" data-align="end">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {materials.map((row, index) => (
            <tr key={`${index}-${row.materialName}`}>
              <td>{row.materialName || '-'}</td>
              <td>{row.groundComposition || '-'}</td>
              <td data-align="end">{formatCubicMetres(toFiniteNumber(row.quantity))}</td>
              <td data-align="end">{formatPrice(row.price)}</td>
              <td data-align="end">
                <AmountCell quantity={row.quantity} price={row.price} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
