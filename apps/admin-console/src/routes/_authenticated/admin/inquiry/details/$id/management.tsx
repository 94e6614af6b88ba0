import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { ensureInquiryWithOrganization } from '../../../../../../features/inquiry-details/api/inquiry';
import { InquiryTabError } from '../../../../../../features/inquiry-details/components/inquiry-details-layout';
import { ManagementPage } from '../../../../../../features/inquiry-details/components/management-page';

export const Route = createFileRoute('/_authenticated/admin/inquiry/details/$id/management')({
  loader: ({ context, params }) => ensureInquiryWithOrganization(context.queryClient, params.id),
  head: ({ loaderData }) => pageTitle("Gestion de l'annonce", loaderData?.projectName),
  errorComponent: InquiryTabError,
  component: function InquiryManagementPageRoute() {
    const { id } = Route.useParams();
    return <ManagementPage id={id} />;
  },
});
