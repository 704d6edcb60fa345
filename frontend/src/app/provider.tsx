import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

/** The toaster's code (Radix Toast) is fetched with the first toast: most page loads never show one. */
function ToasterOnFirstToast() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterOnFirstToast />
    </QueryClientProvider>
  );
}
