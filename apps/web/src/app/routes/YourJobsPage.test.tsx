import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/page-harness';
import { payoutSchedule } from '../../test/payout-schedule';
import { YourJobsPage } from './YourJobsPage';

// The dialogs render at once here (the app loads their code with the first one opened).
vi.mock('../../components/lazy-dialogs', () => import('../../components/Modal'));

const interview = (id: string, job_id: string, status: string, acceptance_status: string | null = 'accepted') => ({
  id,
  job_id,
  candidate_id: 'u1',
  job_title: `Job ${job_id}`,
  position: 'Contract',
  status,
  acceptance_status,
  created_at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
  completed_at: '2026-03-02T10:00:00Z',
});
const task = (id: string, job_id: string, status: string, data_type?: string) => ({
  id,
  job_id,
  job_title: `Job ${job_id}`,
  job_status: 'active',
  status,
  task_name: id === 'noname-task-1' ? '' : `Task ${id}`,
  task_description: '',
  instructions: '',
  data_to_annotate: data_type ? { data_type } : {},
  submitted_at: null,
});

const API = {
  'GET /interviews': {
    body: [
      interview('i1', 'j1', 'approved'),
      interview('i2', 'j2', 'completed'),
      interview('i3', 'j3', 'scheduled', null),
    ],
  },
  'GET /annotations/user/u1': {
    body: [
      task('0123456789abcdef', 'j1', 'in_progress', 'image'),
      task('noname-task-1', 'j1', 'assigned'),
      task('done-task-1', 'j1', 'completed'),
      task('t3', 'j2', 'reviewed'),
    ],
  },
  'GET /jobs': {
    body: [
      { id: 'j1', pay_per_hour: null },
      { id: 'j2', pay_per_hour: 40 },
    ],
  },
};

afterEach(() => vi.useRealTimers());

describe('YourJobsPage', () => {
  it('splits accepted jobs into Active and Completed with their badges', async () => {
    const user = userEvent.setup();
    mockApi(API);
    renderPage('/jobs', '/jobs', <YourJobsPage />);
    expect(await screen.findByRole('tab', { name: 'Active Jobs (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
    const card = screen.getByTestId('your-job-card');
    expect(within(card).getByText('Job j1')).toBeInTheDocument();
    expect(within(card).getByText('Received 5 hours ago')).toBeInTheDocument();
    expect(within(card).getByText('2 Active Tasks')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toHaveAttribute('data-color', 'grey');

    await user.click(screen.getByRole('tab', { name: 'Completed (1)' }));
    const done = screen.getByTestId('your-job-card');
    expect(within(done).getByText('$40/hr')).toBeInTheDocument();
    expect(within(done).getByText('Completed on Mar 2, 2026')).toBeInTheDocument();
  });

  it('after the last task: no "No active jobs yet", and the job awaits review rather than reads Completed (issue 43)', async () => {
    const user = userEvent.setup();
    mockApi({
      ...API,
      'GET /interviews': { body: [interview('i1', 'j1', 'approved')] },
      'GET /annotations/user/u1': { body: [task('a', 'j1', 'completed'), task('b', 'j1', 'reviewed')] },
    });
    renderPage('/jobs', '/jobs', <YourJobsPage />);
    expect(await screen.findByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Active Jobs (0)' })).toBeInTheDocument();
    expect(screen.queryByText('No active jobs yet')).toBeNull();
    expect(screen.getByText('No active tasks right now')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'See your jobs' }));
    const card = screen.getByTestId('your-job-card');
    expect(within(card).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(card).queryByText('Completed')).toBeNull();
    expect(within(card).getByText('All tasks submitted; the ratings await review.')).toBeInTheDocument();
  });

  it('shows the applications waiting for their interview (invited or retaken), each with a Start', async () => {
    const user = userEvent.setup();
    mockApi(API);
    renderPage('/jobs', '/jobs', <YourJobsPage />);
    const waiting = await screen.findAllByTestId('waiting-application');
    expect(waiting.map((w) => within(w).getByRole('heading').textContent)).toEqual(['Job j3']);
    expect(screen.getByRole('heading', { name: 'Waiting for your interview' })).toBeInTheDocument();
    await user.click(within(waiting[0]!).getByRole('button', { name: 'Start Interview' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/job-application-onboarding?jobId=j3');
  });

  it('shows the empty states', async () => {
    const user = userEvent.setup();
    mockApi({ ...API, 'GET /interviews': { body: [] } });
    renderPage('/jobs', '/jobs', <YourJobsPage />);
    expect(await screen.findByText('No active jobs yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Opportunities' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('tab', { name: 'Completed (0)' }));
    expect(screen.getByText('No completed jobs yet')).toBeInTheDocument();
  });

  it('opens the job detail with payments and tasks', async () => {
    const user = userEvent.setup();
    mockApi({
      ...API,
      // The payouts table shows the server's weeks (issue 36 item 6), not placeholder rows.
      'GET /earnings/user/u1/payouts': {
        body: payoutSchedule({ hours: 3, earned: 63 }, { week: '2026-W09', hours: 1.5, earned: 31.5 }),
      },
    });
    renderPage('/jobs', '/jobs', <YourJobsPage />);
    await user.click(await screen.findByTestId('your-job-card'));
    expect(screen.getByRole('button', { name: 'Back to Jobs' })).toBeInTheDocument();
    expect(screen.getByText('$21.00 / hour')).toBeInTheDocument();
    expect(screen.getByText('40 hours')).toBeInTheDocument();
    // The cap is the most hours paid, not what the job expects; money goes by bank transfer (issue 43).
    expect(
      screen.getByText(/The most hours paid in a week; the hours this job expects are in its listing/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent(
      /ACH for U\.S\. accounts, SEPA for IBANs/,
    );
    expect(screen.queryByText(/card payment provider/)).toBeNull();
    expect(await screen.findAllByText('Contracts')).toHaveLength(2);
    expect(screen.getByText('$63.00')).toBeInTheDocument();
    // The same payout cycle as the payment settings (issue 34).
    expect(screen.getByTestId('payout-cycle')).toHaveTextContent(
      'Bi-weekly Payouts: You receive payouts every 2 weeks on Mondays',
    );
    expect(screen.queryByText('Weekly')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Onboarding document' }));
    expect(screen.getByText(/review the labeling guidelines and quality standards/i)).toBeInTheDocument();

    const tasks = screen.getAllByTestId('creative-task');
    expect(within(tasks[0]!).getByText(/image · ID: 01234567$/)).toBeInTheDocument();
    expect(within(tasks[0]!).getByText('In Progress')).toHaveAttribute('data-color', 'yellow');
    expect(within(tasks[1]!).getByText('Creative Task')).toBeInTheDocument();
    expect(within(tasks[1]!).getByText(/Unknown · ID: noname-t/)).toBeInTheDocument();
    expect(within(tasks[1]!).getByText('Assigned')).toHaveAttribute('data-color', 'blue');
    // A finished task shows its state and a View, never Start (issue 34).
    expect(within(tasks[1]!).getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(within(tasks[2]!).getByText('Completed')).toHaveAttribute('data-color', 'green');
    expect(within(tasks[2]!).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(tasks[2]!).queryByRole('button', { name: 'Start' })).toBeNull();
    await user.click(within(tasks[0]!).getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/annotate/0123456789abcdef');
  });

  it('lists the onboarding items with their real status, each opening its screen', async () => {
    const user = userEvent.setup();
    const items = [
      {
        key: 'terms_of_work',
        title: 'Sign Terms of Work Document',
        status: 'done',
        done_at: '2026-03-05T10:00:00Z',
        document_id: 'd1',
      },
      { key: 'ciiaa', title: 'Sign CIIAA Document', status: 'pending', done_at: null, document_id: 'd2' },
      { key: 'tax_form', title: 'Sign W-9 / W-8BEN Form', status: 'pending', done_at: null },
      {
        key: 'time_tracking',
        title: 'Sign Time Tracking Document (no monitoring)',
        status: 'pending',
        done_at: null,
        document_id: 'd3',
      },
      {
        key: 'payout_policy',
        title: 'Acknowledge Payout Policies',
        status: 'pending',
        done_at: null,
        document_id: 'd4',
      },
      { key: 'offer_letter', title: 'Sign your offer letter', status: 'pending', done_at: null, document_id: 'd5' },
      { key: 'payment_setup', title: 'Setup Payments', status: 'done', done_at: '2026-03-06T10:00:00Z' },
    ];
    mockApi({ ...API, 'GET /jobs/j1/onboarding': { body: { items } } });
    renderPage('/jobs?job=i1', '/jobs', <YourJobsPage />);
    const list = await screen.findAllByTestId('onboarding-item');
    expect(list).toHaveLength(7);
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('2 of 7 done');
    expect(list[0]).toHaveAttribute('data-done', 'true');
    expect(list[0]).toHaveTextContent('Done Mar 5, 2026');
    expect(list[1]).toHaveAttribute('data-done', 'false');
    expect(screen.queryByRole('dialog', { name: 'Send Document Email' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Sign CIIAA Document/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/documents/d2?job=j1');
  });

  it('opens the tax form and the payment settings from their items', async () => {
    const user = userEvent.setup();
    const items = [
      { key: 'tax_form', title: 'Sign W-9 / W-8BEN Form', status: 'pending', done_at: null },
      { key: 'payment_setup', title: 'Setup Payments', status: 'pending', done_at: null },
    ];
    mockApi({ ...API, 'GET /jobs/j1/onboarding': { body: { items } } });
    renderPage('/jobs?job=i1', '/jobs', <YourJobsPage />);
    await user.click(await screen.findByRole('button', { name: /Sign W-9/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/tax-form?job=j1');
  });
});
