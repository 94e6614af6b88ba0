import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PackCard } from './pack-card';

const text = (s: string | null | undefined) => (s ?? '').replace(/\s/g, ' ');

describe('PackCard', () => {
  it('shows credits, the price in euros (fr-FR) and the pack link', () => {
    render(<PackCard credits={1000} price={1234.5} href="https://pay.example/p/1" />);
    expect(text(screen.getByRole('heading').textContent)).toBe('1 000 crédits');
    expect(text(screen.getByText(/€/).textContent)).toBe('1 234,50 €');
    expect(screen.getByRole('link', { name: 'Acheter ce pack' })).toHaveAttribute('href', 'https://pay.example/p/1');
    expect(screen.queryByText('Recommandé')).not.toBeInTheDocument();
  });

  it('says TTC and shows the HT price, the VAT rate and the price of one credit HT when given them', () => {
    render(<PackCard credits={100} price={1080} priceExcludingTax={900} vatRate={20} href="#" />);
    expect(text(screen.getByText(/TTC/).textContent)).toBe('1 080,00 € TTC');
    expect(text(screen.getByText(/HT \+ TVA/).textContent)).toBe('soit 900,00 € HT + TVA 20 %9,00 € HT le crédit');
  });

  it('highlights the recommended pack', () => {
    render(<PackCard credits={250} price={200} href="#" recommended />);
    expect(screen.getByText('Recommandé')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('data-recommended');
  });

  it('calls onBuy, and blocks the link when disabled', async () => {
    const onBuy = vi.fn();
    const { rerender } = render(<PackCard credits={50} price={50} href="#pay" onBuy={onBuy} />);
    await userEvent.click(screen.getByRole('link', { name: 'Acheter ce pack' }));
    expect(onBuy).toHaveBeenCalledTimes(1);
    rerender(<PackCard credits={50} price={50} href="#pay" onBuy={onBuy} disabled />);
    const link = screen.getByRole('link', { name: 'Acheter ce pack' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(link);
    expect(onBuy).toHaveBeenCalledTimes(1);
  });
});
