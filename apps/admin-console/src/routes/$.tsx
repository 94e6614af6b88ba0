import { createFileRoute, redirect } from '@tanstack/react-router';

// Any other path goes to /admin/inquiries (issue 10).
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/inquiries', replace: true });
  },
});
