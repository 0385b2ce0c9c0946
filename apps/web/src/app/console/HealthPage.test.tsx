import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminHealth } from '@app/shared';
import { mockApi, renderPage } from '../../test/page-harness';
import { AdminConsolePage } from './AdminConsolePage';
import { HealthPage, waitText } from './HealthPage';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const queues = (waiting: number): AdminHealth['queues'] => [
  { queue: 'careful-transcript', runs: 'heavy', waiting, running: 1, oldest_wait_seconds: waiting ? 75 : null },
  { queue: 'assess-interview', runs: 'worker', waiting: 0, running: 0, oldest_wait_seconds: null },
  { queue: 'end-abandoned-interviews', runs: 'web', waiting: 0, running: 0, oldest_wait_seconds: null },
];

const standingIn: AdminHealth = {
  instance: { role: 'web', standing_in: true, concurrency: 1 },
  queues: queues(3),
  workers: [],
  careful_live_fallbacks_24h: 2,
};

const withWorker = (seenAt: string): AdminHealth => ({
  instance: { role: 'web', standing_in: false, concurrency: 1 },
  queues: queues(0),
  workers: [
    {
      id: 'w1',
      role: 'worker',
      hostname: 'worker-1.internal',
      concurrency: 4,
      started_at: '2026-11-29T08:00:00Z',
      seen_at: seenAt,
    },
  ],
  careful_live_fallbacks_24h: 0,
});

describe('HealthPage', { timeout: 15_000 }, () => {
  it('is reached from the console navigation and shows a web instance standing in, with its queues', async () => {
    mockApi({ 'GET /admin/health': { body: standingIn } });
    renderPage('/admin/health', '/admin/*', <AdminConsolePage />);
    expect(await screen.findByRole('heading', { name: 'Health', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/admin/health');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No worker instance is running: this web instance runs the heavy background jobs itself.',
    );
    const instance = screen.getByRole('region', { name: 'This instance' });
    expect(instance).toHaveTextContent('RoleWeb');
    expect(instance).toHaveTextContent('Heavy job slots1');

    const table = screen.getByRole('table', { name: 'Queues' });
    const careful = within(table).getByRole('row', { name: 'careful-transcript' });
    // Each cell carries its column's name (the phone's card layout shows it).
    const cell = (row: HTMLElement, column: string) => row.querySelector(`[data-label="${column}"]`)?.textContent;
    expect(cell(careful, 'Queue')).toBe('Careful passescareful-transcript');
    expect(cell(careful, 'Runs on')).toBe('Worker (heavy slots)');
    expect(cell(careful, 'Waiting')).toBe('3');
    expect(cell(careful, 'Running')).toBe('1');
    expect(cell(careful, 'Oldest wait')).toBe('1 min 15 s');
    expect(cell(within(table).getByRole('row', { name: 'end-abandoned-interviews' }), 'Runs on')).toBe('Web');
    expect(cell(within(table).getByRole('row', { name: 'assess-interview' }), 'Oldest wait')).toBe('—');

    expect(screen.getByText('No worker instance has been seen in the last 30 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Careful passes' })).toHaveTextContent(
      'Interviews assessed on the live transcript in the last 24 hours: 2',
    );
  });

  it('lists the worker instances, shows no warning while one runs, and asks again every 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-29T09:00:00Z') });
    let reply = withWorker('2026-11-29T08:59:55Z');
    const api = mockApi({ 'GET /admin/health': () => ({ body: reply }) });
    renderPage('/admin/health', '/admin/health', <HealthPage />);

    const workers = await screen.findByRole('table', { name: 'Worker instances' });
    const row = within(workers).getByRole('row', { name: 'worker-1.internal' });
    expect(row.querySelector('[data-label="Role"]')).toHaveTextContent('Worker');
    expect(row.querySelector('[data-label="Slots"]')).toHaveTextContent('4');
    expect(row.querySelector('[data-label="Last seen"]')).toHaveTextContent(/^\d s ago$/);
    expect(screen.queryByRole('alert')).toBeNull();
    const calls = () => api.mock.calls.filter(([url]) => String(url).endsWith('/admin/health')).length;
    expect(calls()).toBe(1);

    // The worker stopped: the next refresh shows the stand-in warning without a reload.
    reply = { ...standingIn };
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('alert')).toHaveTextContent('No worker instance is running');
    expect(calls()).toBe(2);
    expect(screen.queryByRole('table', { name: 'Worker instances' })).toBeNull();
  });

  it("shows the server's word when the figures cannot be loaded", async () => {
    mockApi({ 'GET /admin/health': { status: 403, body: { detail: 'Admins only' } } });
    renderPage('/admin/health', '/admin/health', <HealthPage />);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });

  it('writes a wait in seconds, minutes or hours', () => {
    expect([null, 0, 59, 60, 3599, 3600, 7325].map(waitText)).toEqual([
      '—',
      '0 s',
      '59 s',
      '1 min 0 s',
      '59 min 59 s',
      '1 h 0 min',
      '2 h 2 min',
    ]);
  });
});
