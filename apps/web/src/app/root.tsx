import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/** The whole app around a router: the browser renders it, and the build prerenders public screens with it. */
export function AppRoot({ queryClient, router }: { queryClient: QueryClient; router: Router }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
