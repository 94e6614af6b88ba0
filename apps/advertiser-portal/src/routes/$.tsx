import { createFileRoute, redirect } from '@tanstack/react-router';
import { roleHome } from '@terres/domain';

// Any other path: the role's home (spec §2 route table), /login when signed out.
export const Route = createFileRoute('/$')({
  beforeLoad: async ({ context }) => {
    const user = await context.auth.ensureSession();
    throw redirect({ to: roleHome(user?.role), replace: true });
  },
});
