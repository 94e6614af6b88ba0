import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_authenticated/_complete/user/account/')({
  beforeLoad: () => {
    throw redirect({ to: '/user/account/informations', replace: true });
  },
});
