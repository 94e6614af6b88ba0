import { createFileRoute } from '@tanstack/react-router';
import { requireComplete } from '../../lib/guards';

// Pages that need a complete profile and organisation (spec §4 completeness guard).
export const Route = createFileRoute('/_authenticated/_complete')({
  beforeLoad: ({ context }) => requireComplete(context, context.user),
});
