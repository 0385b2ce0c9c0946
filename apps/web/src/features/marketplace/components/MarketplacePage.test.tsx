import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { MarketplacePage } from './MarketplacePage';

const HOUR = 3_600_000;
const job = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `Job ${id}`,
  description: 'Rate creative work',
  position_type: 'Contract',
  pay_per_hour: 30,
  created_at: new Date(Date.now() - 2 * HOUR).toISOString(),
  availability: '10 hours a week',
  status: 'active',
  skills: [{ name: 'Figma', description: 'Prototyping' }],
  custom_questions: ['Why design?', 'Favourite tool?'],
  interview_type: 'human_data',
  ...over,
});

const JOBS = [
  job('a', { title: 'Poster Critic', pay_per_hour: 25 }),
  job('b', {
    title: 'Motion Reviewer',
    pay_per_hour: 60,
    created_at: new Date(Date.now() - 3 * 24 * HOUR).toISOString(),
  }),
  job('c', { title: 'Old Archived Job', status: 'archived' }),
  job('d', { title: 'Finished Job', status: 'completed' }),
];
const INTERVIEWS = [
  { id: 'i1', job_id: 'b', candidate_id: 'u1', status: 'in_progress', created_at: '2026-01-01T00:00:00Z' },
  // Somebody else's interview must not mark job a as applied.
  { id: 'i2', job_id: 'a', candidate_id: 'someone-else', status: 'completed', created_at: '2026-01-01T00:00:00Z' },
];

const cardTitles = () => screen.getAllByTestId('job-card').map((c) => within(c).getByRole('heading').textContent);

describe('MarketplacePage', () => {
  it('lists open jobs with pay, posted time and the Applied badge of the user’s own interviews', async () => {
    mockApi({ 'GET /jobs': { body: JOBS }, 'GET /interviews': { body: INTERVIEWS } });
    renderPage('/', '/', <MarketplacePage />);
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    expect(await screen.findByText('Poster Critic')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Poster Critic', 'Motion Reviewer']);
    const [poster, motion] = screen.getAllByTestId('job-card');
    expect(within(poster!).getByText('$25/hr')).toBeInTheDocument();
    expect(within(poster!).getByText('Posted 2 hours ago')).toBeInTheDocument();
    expect(within(poster!).queryByText('Applied')).toBeNull();
    expect(await within(motion!).findByText('Applied')).toBeInTheDocument();
    expect(within(motion!).getByText('Posted 3 days ago')).toBeInTheDocument();
  });

  it('sorts by Most Pay, filters Applied, and a sort chip resets the Applied filter', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /jobs': { body: JOBS }, 'GET /interviews': { body: INTERVIEWS } });
    renderPage('/', '/', <MarketplacePage />);
    await screen.findByText('Poster Critic');
    await user.click(screen.getByRole('button', { name: 'Most Pay' }));
    expect(cardTitles()).toEqual(['Motion Reviewer', 'Poster Critic']);
    await screen.findByText('Applied', { selector: 'span' });
    await user.click(screen.getByRole('button', { name: 'Applied' }));
    expect(cardTitles()).toEqual(['Motion Reviewer']);
    await user.click(screen.getByRole('button', { name: 'Newest' }));
    expect(screen.getByRole('button', { name: 'Applied' })).toHaveAttribute('aria-pressed', 'false');
    expect(cardTitles()).toEqual(['Poster Critic', 'Motion Reviewer']);
  });

  it('shows the no-match text with Clear Search', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /jobs': { body: JOBS }, 'GET /interviews': { body: [] } });
    renderPage('/', '/', <MarketplacePage />);
    await screen.findByText('Poster Critic');
    await user.type(screen.getByPlaceholderText('Search by title, type, or description...'), 'zebra');
    expect(screen.getByText('No jobs match your search. Try different keywords!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(cardTitles()).toHaveLength(2);
  });

  it('links to the practice interview (issue 34)', async () => {
    mockApi({ 'GET /jobs': { body: JOBS }, 'GET /interviews': { body: [] } });
    renderPage('/', '/', <MarketplacePage />);
    expect(await screen.findByRole('link', { name: 'Try a practice interview' })).toHaveAttribute(
      'href',
      '/interview-prep',
    );
  });

  it('says so when no position is open', async () => {
    mockApi({ 'GET /jobs': { body: [JOBS[2]] }, 'GET /interviews': { body: [] } });
    renderPage('/', '/', <MarketplacePage />);
    expect(await screen.findByText('There are no creative positions available right now.')).toBeInTheDocument();
  });

  it('opens the detail panel with the checklist and the right bottom button', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /jobs': { body: JOBS }, 'GET /interviews': { body: INTERVIEWS } });
    renderPage('/', '/', <MarketplacePage />);
    await screen.findByText('Applied', { selector: 'span' });
    await user.click(screen.getByText('Motion Reviewer'));
    const dialog = await screen.findByRole('dialog', { name: 'Motion Reviewer' });
    const d = within(dialog);
    expect(d.getByText('$60 per hour')).toBeInTheDocument();
    expect(d.getByText('Hourly contract')).toBeInTheDocument();
    expect(d.getByText('Remote')).toBeInTheDocument();
    expect(d.getByText('Posted by')).toBeInTheDocument();
    expect(d.getByText('Design critique & feedback exercise')).toBeInTheDocument();
    // Resume, interview (in progress) and work authorization: 3 of 4.
    expect(await d.findByText('3 of 4 steps completed')).toBeInTheDocument();
    expect(d.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
    expect(d.getByText('Figma')).toBeInTheDocument();
    expect(d.getByText('Why design?')).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Continue Application' })).toHaveAttribute('href', '/status?interviewId=i1');
    // The practice interview for this very job is one click away (issue 34).
    expect(d.getByRole('link', { name: 'Practise the interview for this job' })).toHaveAttribute(
      'href',
      `/interview-prep?jobId=${JOBS.find((j) => j.title === 'Motion Reviewer')!.id}`,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByText('Poster Critic'));
    expect(await screen.findByRole('link', { name: 'Start Application' })).toHaveAttribute(
      'href',
      '/job-application-onboarding?jobId=a',
    );
  });
});
