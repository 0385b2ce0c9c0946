import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { YourJobsPage } from './YourJobsPage';

// The dialogs render at once here (the app loads their code with the first one opened).
vi.mock('../../../components/lazy-dialogs', () => import('../../../components/Modal'));

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

  it('opens the job detail with payments, tasks and the document e-mail flow', async () => {
    const user = userEvent.setup();
    mockApi(API);
    renderPage('/jobs', '/jobs', <YourJobsPage />);
    await user.click(await screen.findByTestId('your-job-card'));
    expect(screen.getByRole('button', { name: 'Back to Jobs' })).toBeInTheDocument();
    expect(screen.getByText('$21.00 / hour')).toBeInTheDocument();
    expect(screen.getByText('40 hours')).toBeInTheDocument();
    expect(screen.getAllByText('Contracts')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Onboarding document' }));
    expect(screen.getByText(/review the labeling guidelines and quality standards/i)).toBeInTheDocument();

    const tasks = screen.getAllByTestId('creative-task');
    expect(within(tasks[0]!).getByText(/image · ID: 01234567$/)).toBeInTheDocument();
    expect(within(tasks[0]!).getByText('In Progress')).toHaveAttribute('data-color', 'yellow');
    expect(within(tasks[1]!).getByText('Creative Task')).toBeInTheDocument();
    expect(within(tasks[1]!).getByText(/Unknown · ID: noname-t/)).toBeInTheDocument();
    expect(within(tasks[1]!).getByText('Assigned')).toHaveAttribute('data-color', 'blue');
    await user.click(within(tasks[0]!).getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/annotate/0123456789abcdef');
  });

  it('marks a document done 2 seconds after the Email Sent dialog', async () => {
    mockApi(API);
    renderPage('/jobs?job=i1', '/jobs', <YourJobsPage />);
    const item = await screen.findByRole('button', { name: /Sign CIIAA Document/ });
    vi.useFakeTimers();
    fireEvent.click(item);
    const confirm = screen.getByRole('dialog', { name: 'Send Document Email' });
    expect(confirm).toHaveTextContent(
      'We will send an email to your address with the document to sign. Do you want to proceed?',
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send Email' }));
    expect(screen.getByRole('dialog', { name: 'Email Sent' })).toBeInTheDocument();
    expect(item).toHaveAttribute('data-done', 'false');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(item).toHaveAttribute('data-done', 'true');
  });
});
