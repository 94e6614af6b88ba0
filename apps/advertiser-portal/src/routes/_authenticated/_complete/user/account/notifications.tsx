import { createFileRoute } from '@tanstack/react-router';
import { notificationPreferencesQueryOptions, pageTitle } from '@terres/app-kit';
import { NotificationPreferencesForm } from '@terres/app-kit/notifications';

// 'Mon Compte', Notifications (issue 21): « Immédiatement » or « Résumé quotidien » per kind.
export const Route = createFileRoute('/_authenticated/_complete/user/account/notifications')({
  loader: ({ context }) => context.queryClient.ensureQueryData(notificationPreferencesQueryOptions()),
  head: () => pageTitle('Notifications'),
  component: NotificationPreferencesForm,
});
