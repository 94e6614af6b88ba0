import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TransfersLayout } from '../../../../features/transfers/components/shared';

// Every transfers screen sends the phone's outbox when the network comes back.
export const Route = createFileRoute('/_authenticated/_complete/user/transfers')({
  component: () => (
    <TransfersLayout>
      <Outlet />
    </TransfersLayout>
  ),
});
