import { act } from 'react';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/providers';
import { appRoutes } from '../../../app/router';
import { AppRoot } from '../../../app/root';
import { mockApi } from '../../../test/page-harness';

const job = (id: string, title: string, over: Record<string, unknown> = {}) => ({
  id,
  title,
  description: 'Rate creative work',
  position_type: 'Contract',
  pay_per_hour: 30,
  created_at: '2026-11-01T00:00:00Z',
  availability: '10 hours a week',
  status: 'active',
  skills: [],
  custom_questions: [],
  interview_type: 'standard',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a signed-out first visit to / (issue 43 item 20)', () => {
  it('lands on sign-in, which says what the product is and lists the open jobs, each way leading to sign-up', async () => {
    localStorage.clear();
    mockApi({
      'GET /jobs': {
        body: [
          job('a', 'Poster Critic', { pay_per_hour: 25, created_at: '2026-11-02T00:00:00Z' }),
          job('b', 'Motion Reviewer', { pay_per_hour: 60 }),
          job('c', 'Old Archived Job', { status: 'archived' }),
        ],
      },
    });
    const queryClient = createQueryClient();
    const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: ['/'] });
    await act(async () => {
      render(<AppRoot queryClient={queryClient} router={router} />);
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paid, remote creative work' })).toBeInTheDocument();

    const open = await screen.findByRole('list');
    const rows = within(open).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Poster Critic$25/hr'),
      expect.stringContaining('Motion Reviewer$60/hr'),
    ]);
    expect(screen.queryByText('Old Archived Job')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });
});
