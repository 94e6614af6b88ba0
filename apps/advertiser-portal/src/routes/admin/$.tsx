import { createFileRoute } from '@tanstack/react-router';
import { AdminNoticePage } from '../../features/auth/components/admin-notice-page';
import { pageTitle } from '@terres/app-kit';

// An admin's home (/admin/inquiries) is in the admin console, not here: this page says so and
// sends them there (issue 9).
export const Route = createFileRoute('/admin/$')({
  head: () => pageTitle('Console des administrateurs'),
  component: AdminNoticePage,
});
