import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { ensureInquiryWithOrganization } from '../../../../../../features/inquiry-details/api/inquiry';
import { InformationsPage } from '../../../../../../features/inquiry-details/components/informations-page';
import { InquiryTabError } from '../../../../../../features/inquiry-details/components/inquiry-details-layout';

export const Route = createFileRoute('/_authenticated/admin/inquiry/details/$id/informations')({
  loader: ({ context, params }) => ensureInquiryWithOrganization(context.queryClient, params.id),
  head: ({ loaderData }) => pageTitle('Informations administratives', loaderData?.projectName),
  errorComponent: InquiryTabError,
  component: function InquiryInformationsPageRoute() {
    const { id } = Route.useParams();
    return <InformationsPage id={id} />;
  },
});
