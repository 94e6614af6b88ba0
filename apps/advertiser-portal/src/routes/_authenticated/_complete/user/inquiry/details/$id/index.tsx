import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/_complete/user/inquiry/details/$id/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/user/inquiry/details/$id/overview', params, replace: true });
  },
});
