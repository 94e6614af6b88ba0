import { formatEuros, lineTotal, lineTotalTone, type NumericInput } from '@terres/domain';
import './amount-cell.css';

export interface AmountCellProps {
  /** Quantity in m³ (a number or form text such as '12,5'). */
  quantity: NumericInput;
  /** Price in euros per m³; negative when the advertiser pays the receiver. */
  price: NumericInput;
  className?: string;
}

/**
 * A material line's total: quantity × price rounded to 2 decimals (domain `lineTotal`),
 * green when positive, red when negative, grey when zero, a dash when not a number (spec §3).
 */
export function AmountCell({ quantity, price, className }: AmountCellProps) {
  const total = lineTotal(quantity, price);
  const tone = lineTotalTone(total);
  return (
    <span className={className ? `terres-amount-cell ${className}` : 'terres-amount-cell'} data-tone={tone}>
      {formatEuros(total)}
    </span>
  );
}
