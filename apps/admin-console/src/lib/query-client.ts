import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The router preloads on intent; a short stale time avoids refetching what a loader just fetched.
      queries: { staleTime: 30_000, retry: 1 },
    },
  });
}
