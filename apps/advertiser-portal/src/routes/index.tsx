import { createFileRoute, redirect } from '@tanstack/react-router';
import { roleHome } from '@terres/domain';

// '/' and any unknown path go to the role's home (spec §2): /login when signed out.
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    const user = await context.auth.ensureSession();
    throw redirect({ to: roleHome(user?.role), replace: true });
  },
});
