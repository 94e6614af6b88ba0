import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { parseProblem } from '@terres/api-client';
import { ErrorState } from '@terres/ui/error-state';
import { texts } from '../texts';

/**
 * 'Réessayer' for a route's error component: clears the failed queries, leaves the error view
 * and runs the route's loaders again.
 */
export function useRouteRetry(reset: () => void): () => void {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  return () => {
    queryReset.reset();
    reset();
    void router.invalidate();
  };
}

/**
 * A route whose data could not load: the server's French detail when it gave one (404
 * 'Erreur : annonce introuvable.'), and 'Réessayer' for anything that may pass on a retry.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset);
  const problem = parseProblem(error);
  const retryable = problem === undefined || problem.status >= 500;
  return (
    <ErrorState
      title={problem?.status === 404 ? (problem.detail ?? texts.notFound) : texts.loadFailed}
      message={problem?.status === 404 ? undefined : (problem?.detail ?? texts.loadFailedHint)}
      {...(retryable
        ? {
            onRetry: retry,
          }
        : {})}
    />
  );
}
