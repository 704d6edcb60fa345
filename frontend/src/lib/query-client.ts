import { QueryClient } from '@tanstack/react-query';

/** Spec §7 and §9: no retry, no refetch on focus, no polling unless asked, never stale, cache kept 5 min. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
