import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/admin/inquiry/details/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/inquiry/details/$id/overview', params, replace: true });
  },
});
