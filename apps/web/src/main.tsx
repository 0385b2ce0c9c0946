import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { userQueryOptions } from './lib/auth';
import './index.css';

const queryClient = createQueryClient();
// The session check starts with the app, beside the first page's code, not after it has loaded.
void queryClient.prefetchQuery(userQueryOptions());
const router = createAppRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
