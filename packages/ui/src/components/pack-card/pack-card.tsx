import { formatCredits, formatEuros, formatNumber, pricePerCredit } from '@terres/domain';
import { useId } from 'react';
import { Button } from '../button/button';
import './pack-card.css';

export interface PackCardProps {
  credits: number;
  /** Price in euros, VAT included (TTC). */
  price: number;
  /**
   * Price in euros excluding VAT (HT) and the VAT rate in percent: with both, the card says
   * 'TTC', then the HT price, the rate and the price of one credit HT (review D7).
   */
  priceExcludingTax?: number;
  vatRate?: number;
  recommended?: boolean;
  /** The pack's payment link (GET /credits/packages `link`): the button sends the browser there. */
  href: string;
  /** Called before the browser follows the link (e.g. to log or show a busy state). */
  onBuy?: () => void;
  /** While the browser leaves for the payment page. */
  loading?: boolean;
  disabled?: boolean;
  /** Level of the credits heading (default 3: packs sit under the page's h2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** One credit pack of /credits/buy: credits, price in euros, 'Acheter ce pack'. */
export function PackCard({
  credits,
  price,
  priceExcludingTax,
  vatRate,
  recommended = false,
  href,
  onBuy,
  loading = false,
  disabled = false,
  headingLevel = 3,
  className,
}: PackCardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const inactive = disabled || loading;
  return (
    <article
      className={className ? `terres-pack-card ${className}` : 'terres-pack-card'}
      data-recommended={recommended ? '' : undefined}
      aria-labelledby={titleId}
    >
      {recommended ? <p className="terres-pack-card__ribbon">Recommandé</p> : null}
      <Heading className="terres-pack-card__credits" id={titleId}>
        {formatCredits(credits)}
      </Heading>
      {priceExcludingTax !== undefined && vatRate !== undefined ? (
        <>
          <p className="terres-pack-card__price">{`${formatEuros(price)} TTC`}</p>
          <p className="terres-pack-card__detail">
            {`soit ${formatEuros(priceExcludingTax)} HT + TVA\u00a0${formatNumber(vatRate)}\u00a0%`}
            <br />
            {`${formatEuros(pricePerCredit(priceExcludingTax, credits))} HT le crédit`}
          </p>
        </>
      ) : (
        <p className="terres-pack-card__price">{formatEuros(price)}</p>
      )}
      <Button
        asChild
        variant={recommended ? 'primary' : 'secondary'}
        fullWidth
        loading={loading}
        disabled={inactive}
        onClick={onBuy}
      >
        {/* Stays a focusable link when inactive: Button blocks the click and sets aria-disabled. */}
        <a href={href} aria-describedby={titleId}>
          {loading ? 'Redirection...' : 'Acheter ce pack'}
        </a>
      </Button>
    </article>
  );
}
