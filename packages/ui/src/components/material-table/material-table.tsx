import {
  formatCubicMetres,
  formatEuros,
  parseWasteCode,
  POP_LABEL,
  POP_SHORT_LABELS,
  popOf,
  QUALITY_CLASS_LABELS,
  QUALITY_CLASSES,
  toFiniteNumber,
  WASTE_CODE_LABELS,
  type NumericInput,
  type QualityClass,
} from '@terres/domain';
import { useId } from 'react';
import { useOverflows } from '../../hooks/use-overflows';
import { AmountCell } from '../amount-cell/amount-cell';
import './material-table.css';

export interface MaterialRow {
  materialName: string;
  /** The quality (composition) chosen in the catalogue. */
  groundComposition?: string | null;
  /** m³ */
  quantity: NumericInput;
  /** euros per m³ */
  price: NumericInput;
  /** The soil's quality class (guides of April 2020), e.g. 'INERT_NATURAL_BACKGROUND'. */
  qualityClass?: string | null;
  /** Its waste code (arrêté du 4 juin 2021), e.g. '17 05 04'. */
  wasteCode?: string | null;
  /** POP declared: 'ABSENT', 'PRESENT' or 'UNKNOWN' (also when missing). */
  pop?: string | null;
}

export interface MaterialTableProps {
  materials: readonly MaterialRow[] | null | undefined;
  caption?: string;
  loading?: boolean;
  /** The sentence after 'Aucun matériau renseigné.' (spec §2: the team will carry out the analyses). */
  emptyHint?: string;
  className?: string;
  /** Adds the 'Classe de qualité', 'Code déchet' and 'Présence de POP' columns (a CUT listing's soil). */
  soilQuality?: boolean;
}

export const NO_MATERIAL_TEXT = 'Aucun matériau renseigné.';
export const NO_MATERIAL_HINT = "Les analyses de sol seront réalisées par l'équipe de Bourse aux terres.";

export const HAZARDOUS_WASTE_TEXT = 'dangereux';

const isQualityClass = (value: unknown): value is QualityClass => (QUALITY_CLASSES as readonly unknown[]).includes(value);

/** 'Terre inerte du fond géochimique naturel', or '-' when the line has none. */
export function qualityClassText(value: string | null | undefined): string {
  return isQualityClass(value) ? QUALITY_CLASS_LABELS[value].label : '-';
}

/** '17 05 04', '17 05 03* (dangereux)', or '-'. */
export function wasteCodeText(value: string | null | undefined): string {
  const code = parseWasteCode(value);
  if (!code) return '-';
  return WASTE_CODE_LABELS[code].hazardous ? `${code} (${HAZARDOUS_WASTE_TEXT})` : code;
}

const formatPrice = (price: NumericInput) => {
  const value = toFiniteNumber(price);
  return value === null ? '-' : `${formatEuros(value)}/m³`;
};

/**
 * A cell's column name, shown only when the rows are cards (a narrow box); screen readers
 * already have the column header, so it is hidden from them.
 */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="terres-material-table__label" aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * The material lines of a listing with their totals (spec §2, listing detail). In a narrow box
 * (a phone: under 36rem) each line is a card whose values say what they are, the total in
 * sight; the table and its headers stay for screen readers. Should a table still be wider than
 * its box, the box scrolls sideways and becomes a focusable region named by the caption, so
 * keyboard users can scroll it too (axe `scrollable-region-focusable`).
 */
export function MaterialTable({
  materials,
  caption = 'Composition du sol',
  loading = false,
  emptyHint = NO_MATERIAL_HINT,
  className,
  soilQuality = false,
}: MaterialTableProps) {
  const classes = className ? `terres-material-table ${className}` : 'terres-material-table';
  const captionId = useId();
  const [scrollRef, overflows] = useOverflows<HTMLDivElement>();
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
    <div
      ref={scrollRef}
      className={classes}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
    >
      <table className="terres-material-table__table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Matériau</th>
            <th scope="col">Qualité</th>
            {soilQuality ? (
              <>
                <th scope="col">Classe de qualité</th>
                <th scope="col">Code déchet</th>
                <th scope="col">{POP_LABEL}</th>
              </>
            ) : null}
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
              <td>
                <CellLabel>Qualité</CellLabel>
                {row.groundComposition || '-'}
              </td>
              {soilQuality ? (
                <>
                  <td>
                    <CellLabel>Classe de qualité</CellLabel>
                    {qualityClassText(row.qualityClass)}
                  </td>
                  <td className="terres-material-table__code">
                    <CellLabel>Code déchet</CellLabel>
                    {wasteCodeText(row.wasteCode)}
                  </td>
                  <td>
                    <CellLabel>{POP_LABEL}</CellLabel>
                    {POP_SHORT_LABELS[popOf(row)]}
                  </td>
                </>
              ) : null}
              <td data-align="end">
                <CellLabel>Quantité</CellLabel>
                {formatCubicMetres(toFiniteNumber(row.quantity))}
              </td>
              <td data-align="end">
                <CellLabel>Prix</CellLabel>
                {formatPrice(row.price)}
              </td>
              <td data-align="end">
                <CellLabel>Total</CellLabel>
                <AmountCell quantity={row.quantity} price={row.price} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
