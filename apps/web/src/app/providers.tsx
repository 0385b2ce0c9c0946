import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PendingSavesNotice } from '../components/PendingSavesNotice';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      // A save always reaches the API client, which waits for the network itself and says so
      // (lib/pending-saves.ts); TanStack pausing it silently would be a second, mute mechanism.
      mutations: { networkMode: 'always' },
    },
  });

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <PendingSavesNotice />
    </QueryClientProvider>
  );
}
