import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';

export const candidate = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'candidate',
  profile_completed: true,
  created_at: '2026-01-01T00:00:00Z',
  expertise: ['Illustration'],
  skills: ['Procreate'],
  position: 'Illustrator',
  resume_url: '/api/files/r1',
  work_authorization: 'citizen',
};

type Reply = { status?: number; body: unknown };
export type Routes = Record<string, Reply | ((init: RequestInit | undefined) => Reply)>;

/**
 * Stubs fetch with replies keyed by 'METHOD /path' (path without /api). Unknown calls answer 404.
 * Returns the mock so tests can look at the calls made.
 */
export function mockApi(routes: Routes) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const entry =
      routes[key] ??
      (key === 'GET /profile/me' ? { body: candidate } : undefined) ??
      (key === 'GET /profile/interview-status' ? { body: null } : undefined);
    const reply = typeof entry === 'function' ? entry(init) : (entry ?? { status: 404, body: { detail: 'Not found' } });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

function Where() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

/** Renders a page at a path, signed in as `candidate`, with a fresh query client. */
export function renderPage(path: string, routePath: string, element: ReactNode) {
  localStorage.setItem('token', 't');
  const router = createMemoryRouter(
    [
      {
        path: routePath,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * Stubs what saving a downloaded file needs and jsdom lacks (blob URLs, a link's navigation). Returns
 * the link's click (called once the file is handed to the browser) and createObjectURL (given the blob).
 */
export function stubFileSave() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:saved');
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = createObjectURL;
      static override revokeObjectURL = vi.fn();
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return { click, createObjectURL };
}
