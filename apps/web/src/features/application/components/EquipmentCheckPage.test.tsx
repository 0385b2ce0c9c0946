import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EquipmentCheckPage } from './EquipmentCheckPage';

const me = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'candidate',
  profile_completed: true,
  created_at: '2026-01-01T00:00:00Z',
};
const job = { id: 'j1', title: 'Storyboard Artist', position_type: 'Part-time', description: 'Draw boards' };

afterEach(() => vi.unstubAllGlobals());

describe('EquipmentCheckPage', () => {
  it('shows the job, the greeting, and the denied-media message with the support address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/profile/me')) return new Response(JSON.stringify(me));
        if (url.endsWith('/jobs/j1')) return new Response(JSON.stringify(job));
        return new Response('null');
      }),
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('token', 'tok');
    const router = createMemoryRouter([{ path: '/job-application-onboarding', element: <EquipmentCheckPage /> }], {
      initialEntries: ['/job-application-onboarding?jobId=j1'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByRole('heading', { name: "Let's get you set up, Ada" })).toBeInTheDocument();
    expect(await screen.findByText('Storyboard Artist')).toBeInTheDocument();
    expect(
      await screen.findByText('Unable to access camera/microphone. Please allow permissions and refresh the page.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@humandata.studio' })).toHaveAttribute(
      'href',
      'mailto:support@humandata.studio',
    );
    expect(screen.getByRole('button', { name: 'Checking equipment...' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'What to Expect' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tips for Success' })).toBeInTheDocument();
  });
});
