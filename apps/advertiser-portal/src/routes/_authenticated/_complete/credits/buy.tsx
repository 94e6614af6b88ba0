import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import * as v from 'valibot';
import { creditPackagesQueryOptions } from '../../../../features/credits/api/packages';
import { BuyCreditsError, BuyCreditsPage, BuyCreditsPending } from '../../../../features/credits/components/buy-credits-page';
import { requireOwner } from '../../../../lib/guards';

export const Route = createFileRoute('/_authenticated/_complete/credits/buy')({
  validateSearch: v.object({ cancelled: v.optional(v.union([v.boolean(), v.string()])) }),
  beforeLoad: ({ context }) => requireOwner(context.user),
  loader: ({ context }) => context.queryClient.ensureQueryData(creditPackagesQueryOptions()),
  head: () => pageTitle('Acheter des crédits'),
  pendingComponent: BuyCreditsPending,
  errorComponent: BuyCreditsError,
  component: function BuyCreditsRoute() {
    const { cancelled } = Route.useSearch();
    return <BuyCreditsPage cancelled={cancelled === true || cancelled === 'true'} />;
  },
});
