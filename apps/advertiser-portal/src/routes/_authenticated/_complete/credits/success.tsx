import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CreditsSuccessPage } from '../../../../features/credits/components/credits-success-page';
import { requireOwner } from '../../../../lib/guards';
import { pageTitle } from '@terres/app-kit';

export const Route = createFileRoute('/_authenticated/_complete/credits/success')({
  validateSearch: v.object({
    expected_credit_count: v.optional(v.union([v.number(), v.string()])),
    payment_confirmed: v.optional(v.union([v.boolean(), v.string()])),
  }),
  beforeLoad: ({ context }) => requireOwner(context.user, 'credits'),
  head: () => pageTitle('Paiement'),
  component: function CreditsSuccessRoute() {
    const search = Route.useSearch();
    return (
      <CreditsSuccessPage
        expectedCreditCount={search.expected_credit_count}
        paymentConfirmed={search.payment_confirmed === true || search.payment_confirmed === 'true'}
      />
    );
  },
});
