import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { wizardDraftQueryOptions } from '../../../../../features/inquiry-wizard/api/wizard-draft';
import { InquiryWizardPage } from '../../../../../features/inquiry-wizard/components/inquiry-wizard-page';
import { wizardSearchSchema } from '../../../../../features/inquiry-wizard/model/search';

export const Route = createFileRoute('/_authenticated/_complete/user/create-inquiry/$id')({
  validateSearch: wizardSearchSchema,
  // The wizard edits the listing: entering it reads the server's copy (a cache younger than
  // 10 s, e.g. from a hover preload, is reused); moving between sub-steps reads nothing.
  loader: ({ context, params, cause }) =>
    cause === 'enter'
      ? context.queryClient.fetchQuery({ ...wizardDraftQueryOptions(params.id), staleTime: 10_000 })
      : context.queryClient.ensureQueryData(wizardDraftQueryOptions(params.id)),
  head: () => pageTitle('Création de votre annonce'),
  component: function InquiryWizardRoute() {
    const { id } = Route.useParams();
    const search = Route.useSearch();
    return <InquiryWizardPage id={id} search={search} />;
  },
});
