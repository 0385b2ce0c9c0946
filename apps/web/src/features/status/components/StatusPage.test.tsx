import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { PlaceholderInterviewPage } from './PlaceholderInterviewPage';
import { StatusPage } from './StatusPage';

const iv = (id: string, status: string, created_at: string, job_title: string | null = `Job ${id}`) => ({
  id,
  job_id: `j-${id}`,
  candidate_id: 'u1',
  job_title,
  position: null,
  status,
  acceptance_status: null,
  created_at,
  completed_at: null,
});

describe('StatusPage', () => {
  it('selects the most recent interview and lists all of them', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /interviews': {
        body: [
          iv('old', 'approved', '2026-01-05T00:00:00Z'),
          iv('new', 'completed', '2026-02-05T00:00:00Z'),
          iv('gen', 'rejected', '2026-01-01T00:00:00Z', null),
          { ...iv('x', 'approved', '2026-03-01T00:00:00Z'), candidate_id: 'someone-else' },
        ],
      },
    });
    renderPage('/status', '/status', <StatusPage />);
    expect(screen.getByText('Loading your interview status...')).toBeInTheDocument();
    expect(await screen.findByText('Your interview is under review')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ada, your application status' })).toBeInTheDocument();
    expect(screen.getByText('Position: Job new')).toBeInTheDocument();
    expect(screen.getByText(/typically within 24-48 hours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toBeInTheDocument();

    const items = screen.getAllByTestId('application-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Job newInterviewed Feb 5, 2026Under Review$/),
      expect.stringMatching(/^Job oldInterviewed Jan 5, 2026Approved$/),
      expect.stringMatching(/^General InterviewInterviewed Jan 1, 2026Not Selected$/),
    ]);
    await user.click(items[1]!);
    expect(screen.getByTestId('location')).toHaveTextContent('/status?interviewId=old');
    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    expect(screen.getByText('Next Steps')).toBeInTheDocument();
  });

  it('says "Interviewed" only for an interview that was taken', async () => {
    mockApi({
      'GET /interviews': {
        body: [
          iv('invited', 'not_started', '2026-03-01T00:00:00Z'),
          iv('live', 'in_progress', '2026-02-01T00:00:00Z'),
          { ...iv('done', 'completed', '2026-01-01T00:00:00Z'), completed_at: '2026-01-02T00:00:00Z' },
        ],
      },
    });
    renderPage('/status', '/status', <StatusPage />);
    const items = await screen.findAllByTestId('application-item');
    expect(items.map((i) => i.querySelector('p + p')!.textContent)).toEqual([
      'Applied Mar 1, 2026',
      'Interview in progress',
      'Interviewed Jan 2, 2026',
    ]);
  });

  it('a not-started application (invited or retaken) has a Start that opens the equipment check for its job', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /interviews': { body: [iv('again', 'not_started', '2026-01-01T00:00:00Z')] } });
    renderPage('/status?interviewId=again', '/status', <StatusPage />);
    expect(await screen.findByText('Interview ready to begin')).toBeInTheDocument();
    expect(screen.getByText('Your interview is set up. Start it when you are ready.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Interview' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/job-application-onboarding?jobId=j-again');
  });

  it('explains a rejection with the support contact', async () => {
    mockApi({ 'GET /interviews': { body: [iv('r', 'rejected', '2026-01-01T00:00:00Z')] } });
    renderPage('/status?interviewId=r', '/status', <StatusPage />);
    expect(await screen.findByText('Interview complete')).toBeInTheDocument();
    expect(
      screen.getByText(/We have decided to move forward with other candidates at this time\.\.\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toBeInTheDocument();
    const badge = within(screen.getByRole('region', { name: 'Interview status' })).getByText('Not Selected');
    expect(badge).toHaveAttribute('data-color', 'red');
  });

  it('falls back to the auth layer’s status when the list call fails', async () => {
    mockApi({
      'GET /interviews': { status: 500, body: { detail: 'down' } },
      'GET /profile/interview-status': {
        body: { id: 'fb', job_id: null, status: 'weird', created_at: '2026-01-01T00:00:00Z' },
      },
    });
    renderPage('/status', '/status', <StatusPage />);
    expect(await screen.findByText('Status unavailable')).toBeInTheDocument();
    expect(screen.getByText('Unable to retrieve interview status')).toBeInTheDocument();
    expect(screen.getByText(`Please contact ${SUPPORT_EMAIL} if this issue persists.`)).toBeInTheDocument();
  });
});

describe('PlaceholderInterviewPage', () => {
  it('completes nothing: it only links to the status page and the marketplace', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({});
    renderPage('/interview?interviewId=i9', '/interview', <PlaceholderInterviewPage />);
    expect(screen.getByRole('heading', { name: 'Interviews happen live' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Interview' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Opportunities' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('link', { name: 'View application status' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/status?interviewId=i9'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('links to the status page itself without an interview id', () => {
    mockApi({});
    renderPage('/interview', '/interview', <PlaceholderInterviewPage />);
    expect(screen.getByRole('link', { name: 'View application status' })).toHaveAttribute('href', '/status');
  });
});
