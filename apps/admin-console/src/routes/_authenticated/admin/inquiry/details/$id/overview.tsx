import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { inquiryQueryOptions } from '../../../../../../features/inquiry-details/api/inquiry';
import { InquiryTabError } from '../../../../../../features/inquiry-details/components/inquiry-details-layout';
import { OverviewPage } from '../../../../../../features/inquiry-details/components/overview-page';

export const Route = createFileRoute('/_authenticated/admin/inquiry/details/$id/overview')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(inquiryQueryOptions(params.id)),
  head: ({ loaderData }) => pageTitle("Vue d'ensemble", loaderData?.projectName),
  errorComponent: InquiryTabError,
  component: function InquiryOverviewPageRoute() {
    const { id } = Route.useParams();
    return <OverviewPage id={id} />;
  },
});
