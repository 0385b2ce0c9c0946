import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RequireAuth } from './guards';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login page</p> },
      { path: '/onboarding', element: <p>onboarding page</p> },
      {
        path: '/jobs',
        element: (
          <RequireAuth requireCompleteProfile>
            <p>jobs page</p>
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const profile = (profile_completed: boolean) => ({
  id: 'u1',
  email: 'a@b.co',
  name: 'Ada',
  role: 'candidate',
  profile_completed,
  created_at: '2026-01-01T00:00:00Z',
});

function mockFetch(handler: (url: string) => { status: number; body: unknown }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { status, body } = handler(url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

/** A stored session whose profile is complete, or not yet. */
function signedIn(profileCompleted: boolean) {
  localStorage.setItem('token', 't');
  mockFetch((url) =>
    url.endsWith('/profile/me') ? { status: 200, body: profile(profileCompleted) } : { status: 200, body: null },
  );
}

describe('RequireAuth', () => {
  it('sends a visitor without a token to /login', async () => {
    renderAt('/jobs');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('shows Loading... while the stored session is checked, then the page', async () => {
    signedIn(true);
    renderAt('/jobs');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('jobs page')).toBeInTheDocument();
  });

  it('sends an incomplete profile to /onboarding', async () => {
    signedIn(false);
    renderAt('/jobs');
    expect(await screen.findByText('onboarding page')).toBeInTheDocument();
  });

  it('clears the session when the profile cannot be fetched', async () => {
    localStorage.setItem('token', 'expired');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => ({ status: 401, body: { detail: 'Invalid or expired token' } }));
    renderAt('/jobs');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('keeps the session when the page is left while the profile is still loading', async () => {
    localStorage.setItem('token', 'valid');
    let cancel: (err: Error) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((_resolve, reject) => (cancel = reject)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/jobs');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The user clicks a link: the browser leaves the page and cancels the request in flight.
    window.dispatchEvent(new Event('beforeunload'));
    cancel(new TypeError('Failed to fetch'));
    await new Promise((r) => setTimeout(r, 50));
    expect(localStorage.getItem('token')).toBe('valid');
    window.dispatchEvent(new Event('pageshow'));
  });
});
