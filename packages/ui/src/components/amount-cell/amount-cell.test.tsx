import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountCell } from './amount-cell';

const text = (s: string) => s.replace(/\s/g, ' ');

describe('AmountCell', () => {
  it.each([
    [1200, 8, '9 600,00 €', 'positive'],
    [300, -5, '-1 500,00 €', 'negative'],
    [0, 6, '0,00 €', 'zero'],
    ['', 2, '-', 'none'],
    ['1,005', 1, '1,01 €', 'positive'],
  ] as const)('%s × %s = %s (%s)', (quantity, price, expected, tone) => {
    const { container } = render(<AmountCell quantity={quantity} price={price} />);
    const cell = container.querySelector('.terres-amount-cell');
    expect(text(cell?.textContent ?? '')).toBe(expected);
    expect(cell).toHaveAttribute('data-tone', tone);
  });

  it('is plain text in the cell', () => {
    render(<AmountCell quantity={2} price={3} />);
    expect(screen.getByText(/6,00/)).toBeInTheDocument();
  });
});
