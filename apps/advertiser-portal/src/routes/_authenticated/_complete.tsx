import { createFileRoute } from '@tanstack/react-router';
import { requireCompleteOrganization, requireCompleteProfile } from '../../lib/guards';

// Pages that need a complete profile and organisation (spec §4 completeness guard). The
// organisation is checked in the loader, at the same time as the page's own loader and code.
export const Route = createFileRoute('/_authenticated/_complete')({
  beforeLoad: ({ context }) => requireCompleteProfile(context.user),
  loader: ({ context }) => requireCompleteOrganization(context, context.user),
});
