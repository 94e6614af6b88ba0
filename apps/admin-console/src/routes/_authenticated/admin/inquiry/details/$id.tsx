import { createFileRoute, Outlet } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { inquiryQueryOptions } from '../../../../../features/inquiry-details/api/inquiry';
import {
  InquiryDetailsError,
  InquiryDetailsLayout,
  InquiryDetailsPending,
} from '../../../../../features/inquiry-details/components/inquiry-details-layout';

export const Route = createFileRoute('/_authenticated/admin/inquiry/details/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(inquiryQueryOptions(params.id)),
  head: ({ loaderData }) => pageTitle(loaderData?.projectName, 'Annonce'),
  pendingComponent: InquiryDetailsPending,
  // An unknown id is a 404: 'Erreur : annonce introuvable.' (spec §8), in the console's layout.
  errorComponent: InquiryDetailsError,
  component: function InquiryDetailsRoute() {
    const { id } = Route.useParams();
    // Keyed by the listing: another listing's pages start afresh (no outcome or upload of the last one).
    return (
      <InquiryDetailsLayout key={id} id={id}>
        <Outlet />
      </InquiryDetailsLayout>
    );
  },
});
