import { LoadingScreen } from '@terres/ui/loading-screen';

/** Shown while a route's loader runs for more than a second. */
export function RoutePending() {
  return <LoadingScreen />;
}
