import { createFileRoute } from '@tanstack/react-router';
import { pageTitle } from '@terres/app-kit';
import { ensureSoilStudy } from '../../../../features/soil-studies/api/soil-studies';
import { SoilStudyError, SoilStudyPage, SoilStudyPending } from '../../../../features/soil-studies/components/soil-study-page';

export const Route = createFileRoute('/_authenticated/admin/soil-studies/$id')({
  loader: ({ context, params }) => ensureSoilStudy(context.queryClient, params.id),
  head: ({ loaderData }) => pageTitle('Étude de sol', loaderData?.projectName),
  pendingComponent: SoilStudyPending,
  errorComponent: SoilStudyError,
  component: function SoilStudyRoute() {
    const { id } = Route.useParams();
    return <SoilStudyPage id={id} />;
  },
});
