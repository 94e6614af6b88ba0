import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import * as v from 'valibot';
import { creditPackagesQueryOptions } from '../../../../features/credits/api/packages';
import { BuyCreditsError, BuyCreditsPage, BuyCreditsPending } from '../../../../features/credits/components/buy-credits-page';
import { readRedirect } from '../../../../features/credits/model/return-path';
import { requireOwner } from '../../../../lib/guards';

export const Route = createFileRoute('/_authenticated/_complete/credits/buy')({
  validateSearch: v.object({
    cancelled: v.optional(v.union([v.boolean(), v.string()])),
    // The listing to go back to once the credits are bought (model/return-path.ts).
    redirect: v.optional(v.pipe(v.unknown(), v.transform(readRedirect))),
  }),
  beforeLoad: ({ context }) => requireOwner(context.user, 'credits'),
  loader: ({ context }) => context.queryClient.ensureQueryData(creditPackagesQueryOptions()),
  head: () => pageTitle('Acheter des crédits'),
  pendingComponent: BuyCreditsPending,
  errorComponent: BuyCreditsError,
  component: function BuyCreditsRoute() {
    const { cancelled, redirect } = Route.useSearch();
    return <BuyCreditsPage cancelled={cancelled === true || cancelled === 'true'} redirect={redirect} />;
  },
});
