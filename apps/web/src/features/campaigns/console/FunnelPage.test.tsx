import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Funnel, JobSatisfaction } from '@app/shared';
import { mockApi, renderPage, stubFileSave } from '../../../test/page-harness';
import { FunnelPage } from './FunnelPage';

const step = (
  step: Funnel['steps'][number]['step'],
  count: number,
  conversion: number | null,
  median: number | null,
) => ({
  step,
  count,
  conversion,
  median_seconds_from_previous: median,
});

const funnel: Funnel = {
  job_id: 'j1',
  campaign_id: null,
  steps: [
    step('invited', 20, null, null),
    step('opened', 15, 0.75, 3600),
    step('signed_up', 10, 0.67, 600),
    step('consented', 10, 1, 120),
    step('started', 8, 0.8, 90),
    step('completed', 6, 0.75, 1500),
    step('assessed', 6, 1, 40),
    step('decided', 3, 0.5, 172_800),
  ],
  uninvited: 2,
  satisfaction: { average: 4.25, count: 4, skipped: 1 },
  stopped: [
    { step: 'invited', count: 5 },
    { step: 'opened', count: 5 },
    { step: 'signed_up', count: 0 },
    { step: 'consented', count: 2 },
    { step: 'started', count: 2 },
    { step: 'completed', count: 0 },
    { step: 'assessed', count: 3 },
  ],
  technical_failures: [
    { kind: 'no_microphone', count: 1 },
    { kind: 'connection_lost', count: 2 },
    { kind: 'ended_early', count: 0 },
    { kind: 'abandoned', count: 3 },
  ],
};

const satisfaction: JobSatisfaction = {
  interviews: { average: 4.25, count: 4, skipped: 1 },
  practice: { average: null, count: 0, skipped: 0 },
  comments: [
    { source: 'interview', score: 2, comment: 'The audio cut out twice.', created_at: '2026-03-01T10:00:00Z' },
  ],
};

const routes = {
  'GET /jobs/j1': { body: { id: 'j1', title: 'Photo Rater' } },
  'GET /admin/jobs/j1/funnel': { body: funnel },
  'GET /admin/jobs/j1/satisfaction': { body: satisfaction },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FunnelPage', { timeout: 15_000 }, () => {
  it('draws a bar per step with its count, conversion and median time, and where people stopped', async () => {
    mockApi(routes);
    renderPage('/admin/jobs/j1/funnel', '/admin/jobs/:jobId/funnel', <FunnelPage />);
    const chart = await screen.findByRole('list', { name: 'Funnel' });
    expect(within(chart).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByTestId('funnel-step-invited')).toHaveTextContent('Invited20');
    expect(screen.getByTestId('funnel-step-opened')).toHaveTextContent('15 · 75% of previous');
    expect(screen.getByTestId('funnel-step-opened')).toHaveTextContent('median 1 h after previous');
    expect(screen.getByTestId('funnel-step-decided')).toHaveTextContent('median 2 days after previous');
    // Bars are as wide as their count against the widest step.
    expect(screen.getByTestId('funnel-bar-invited')).toHaveStyle({ width: '100%' });
    expect(screen.getByTestId('funnel-bar-started')).toHaveStyle({ width: '40%' });
    expect(screen.getByTestId('uninvited')).toHaveTextContent('2 people applied without an invitation');
    const stopped = screen.getByRole('region', { name: 'Where people stopped' });
    expect(
      within(stopped)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['After invited5', 'After opened5', 'After consented2', 'After started2', 'After assessed3']);
    const failures = screen.getByRole('list', { name: 'Technical failures' });
    expect(failures).toHaveTextContent('No microphone1');
    expect(failures).toHaveTextContent('Connection lost2');
    expect(failures).toHaveTextContent('Left and never came back3');
    expect(await screen.findByRole('heading', { name: 'Funnel: Photo Rater' })).toBeInTheDocument();
  });

  it('shows the satisfaction average and the comments', async () => {
    mockApi(routes);
    renderPage('/admin/jobs/j1/funnel', '/admin/jobs/:jobId/funnel', <FunnelPage />);
    expect(await screen.findByTestId('satisfaction-interviews')).toHaveTextContent(
      '4.25 / 5 from 4 ratings · 1 skipped',
    );
    expect(screen.getByTestId('satisfaction-practice')).toHaveTextContent('No ratings yet');
    expect(screen.getByRole('list', { name: 'Comments' })).toHaveTextContent('2 / 5 · interview');
    expect(screen.getByText('The audio cut out twice.')).toBeInTheDocument();
  });

  it('asks for one campaign when the address names it, and downloads that CSV with the token', async () => {
    const user = userEvent.setup();
    const api = mockApi(routes);
    const { click } = stubFileSave();
    renderPage('/admin/jobs/j1/funnel?campaign_id=c1', '/admin/jobs/:jobId/funnel', <FunnelPage />);
    await screen.findByRole('list', { name: 'Funnel' });
    const urls = () => api.mock.calls.map(([url]) => String(url));
    expect(urls().some((u) => u.endsWith('/admin/jobs/j1/funnel?campaign_id=c1'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = api.mock.calls.find(([url]) => String(url).includes('format=csv'))!;
    expect(String(csvCall[0])).toMatch(/\/admin\/jobs\/j1\/funnel\?campaign_id=c1&format=csv$/);
    expect((csvCall[1]?.headers as Record<string, string>).authorization).toBe('Bearer t');
  });
});
