import { createFileRoute, Outlet } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { inquiryQueryOptions } from '../../../../../../features/inquiry-details/api/inquiry';
import { InquiryDetailsError, InquiryDetailsLayout } from '../../../../../../features/inquiry-details/components/inquiry-details-layout';
import { InquiryDetailsPending } from '../../../../../../features/inquiry-details/components/inquiry-details-pending';

export const Route = createFileRoute('/_authenticated/_complete/user/inquiry/details/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(inquiryQueryOptions(params.id)),
  head: ({ loaderData }) => pageTitle(loaderData?.projectName, 'Annonce'),
  pendingComponent: InquiryDetailsPending,
  // An unknown or foreign id is a 404: 'Erreur : annonce introuvable.' (spec §8), in the portal's layout.
  errorComponent: InquiryDetailsError,
  component: function InquiryDetailsRoute() {
    const { id } = Route.useParams();
    return (
      <InquiryDetailsLayout id={id}>
        <Outlet />
      </InquiryDetailsLayout>
    );
  },
});
