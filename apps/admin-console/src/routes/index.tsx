import { createFileRoute, redirect } from '@tanstack/react-router';

// '/' goes to the listings table; the guard sends signed-out visitors to /login.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/inquiries', replace: true });
  },
});
