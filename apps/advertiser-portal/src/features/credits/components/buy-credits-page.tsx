import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { AppLink, HELP_CREDITS_ITEM, ListingCostTable, useRouteRetry } from '@terres/app-kit';
import { EmptyState } from '@terres/ui/empty-state';
import { ErrorState } from '@terres/ui/error-state';
import { LoadingScreen } from '@terres/ui/loading-screen';
import { PackCard } from '@terres/ui/pack-card';
import { useEffect, useState, type ReactNode } from 'react';
import { Banner } from '../../../components/banner';
import { PortalShell } from '../../../components/portal-shell';
import { creditPackagesQueryOptions } from '../api/packages';
import { readReturn, rememberReturn } from '../model/return-path';
import { texts } from '../texts';
import '../credits.css';

/**
 * /credits/buy (spec §2): one card per pack (credits, price in euros, the recommended one
 * highlighted); 'Acheter ce pack' is a link to the pack's payment page (the simulator under
 * `pnpm start`, Stripe Checkout when configured). Back from a cancelled payment
 * (?cancelled=true), a warning says so and the parameter leaves the address. Opened from a
 * listing (?redirect=), the page links back to it and the payment's return goes there.
 */
export function BuyCreditsPage({ cancelled, redirect }: { cancelled: boolean; redirect?: string | undefined }) {
  const navigate = useNavigate();
  // A new visit without a listing forgets an earlier one; the payment's cancel keeps it.
  const [back] = useState(() => redirect ?? (cancelled ? readReturn() : undefined));
  useEffect(() => {
    rememberReturn(back);
  }, [back]);
  const { data: packs } = useSuspenseQuery(creditPackagesQueryOptions());
  // Kept once the parameter is gone from the address.
  const [showCancelled] = useState(cancelled);
  const [leavingFor, setLeavingFor] = useState<string>();

  useEffect(() => {
    if (cancelled) void navigate({ to: '/credits/buy', search: {}, replace: true });
  }, [cancelled, navigate]);

  // Back from the payment page through the browser's history cache: the buttons work again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(undefined);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  return (
    <BuyCreditsLayout>
      {showCancelled ? <Banner tone="warning" title={texts.cancelled} /> : null}
      {back ? (
        <p className="portal-credits__back">
          <AppLink href={back}>{texts.backToListing}</AppLink>
        </p>
      ) : null}
      <p className="portal-credits__lead">{texts.lead}</p>
      {packs.length === 0 ? (
        <EmptyState title={texts.noPacks} />
      ) : (
        <ul className="portal-credits__packs" aria-label={texts.packsLabel}>
          {packs.map((pack) => (
            <li key={pack.id}>
              <PackCard
                credits={pack.credits}
                price={pack.price}
                priceExcludingTax={pack.priceExcludingTax}
                vatRate={pack.vatRate}
                recommended={pack.recommended}
                href={pack.link}
                headingLevel={2}
                loading={leavingFor === pack.id}
                disabled={leavingFor !== undefined && leavingFor !== pack.id}
                onBuy={() => setLeavingFor(pack.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </BuyCreditsLayout>
  );
}

export function BuyCreditsPending() {
  return (
    <BuyCreditsLayout>
      <LoadingScreen label={texts.loadingPacks} />
    </BuyCreditsLayout>
  );
}

/** The packs could not load (spec §8 'Erreur lors du chargement des forfaits de crédits.'), with 'Réessayer'. */
export function BuyCreditsError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  return (
    <BuyCreditsLayout>
      <ErrorState title={texts.packagesLoadFailed} message={parseProblem(error)?.detail} onRetry={retry} />
    </BuyCreditsLayout>
  );
}

function BuyCreditsLayout({ children }: { children: ReactNode }) {
  return (
    <PortalShell title={texts.title}>
      <div className="portal-credits">
        {children}
        <p className="portal-credits__note">{texts.creditsUse}</p>
        <ListingCostTable />
        <p className="portal-credits__note">
          {texts.help} <AppLink href={`/help#${HELP_CREDITS_ITEM}`}>{texts.helpLink}</AppLink>
        </p>
      </div>
    </PortalShell>
  );
}
