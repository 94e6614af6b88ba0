import { QueryClient } from '@tanstack/react-query';
import { parseProblem } from '@terres/api-client';

/** A refused request (4xx) says something true: asking again changes nothing. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = parseProblem(error)?.status;
  if (status !== undefined && status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The router preloads on intent; a short stale time avoids refetching what a loader just fetched.
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
