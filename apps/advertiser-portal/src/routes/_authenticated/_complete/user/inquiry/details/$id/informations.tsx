import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { inquiryQueryOptions } from '../../../../../../../features/inquiry-details/api/inquiry';
import { InformationsPage } from '../../../../../../../features/inquiry-details/components/informations-page';

export const Route = createFileRoute('/_authenticated/_complete/user/inquiry/details/$id/informations')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(inquiryQueryOptions(params.id)),
  head: ({ loaderData }) => pageTitle('Récapitulatif détaillé', loaderData?.projectName),
  component: function InquiryInformationsPageRoute() {
    const { id } = Route.useParams();
    return <InformationsPage id={id} />;
  },
});
