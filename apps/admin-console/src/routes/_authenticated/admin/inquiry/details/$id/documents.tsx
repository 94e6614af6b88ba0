import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { inquiryDocumentsQueryOptions, inquiryQueryOptions } from '../../../../../../features/inquiry-details/api/inquiry';
import { DocumentsPage } from '../../../../../../features/inquiry-details/components/documents-page';
import { InquiryTabError } from '../../../../../../features/inquiry-details/components/inquiry-details-layout';

export const Route = createFileRoute('/_authenticated/admin/inquiry/details/$id/documents')({
  loader: async ({ context, params }) => {
    const [inquiry] = await Promise.all([
      context.queryClient.ensureQueryData(inquiryQueryOptions(params.id)),
      context.queryClient.ensureQueryData(inquiryDocumentsQueryOptions(params.id)),
    ]);
    return inquiry;
  },
  head: ({ loaderData }) => pageTitle('Documents', loaderData?.projectName),
  errorComponent: InquiryTabError,
  component: function InquiryDocumentsPageRoute() {
    const { id } = Route.useParams();
    return <DocumentsPage id={id} />;
  },
});
