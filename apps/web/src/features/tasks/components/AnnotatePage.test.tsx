import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { AnnotatePage } from './AnnotatePage';

// The dialogs render at once here (the app loads their code with the first one opened).
vi.mock('../../../components/lazy-dialogs', () => import('../../../components/Modal'));

const task = (over: Record<string, unknown> = {}) => ({
  id: 't1',
  job_id: 'j1',
  job_title: 'Poster Critic',
  job_status: 'active',
  status: 'in_progress',
  task_name: 'Rate this poster',
  task_description: 'Give an honest rating',
  instructions: 'Look at composition.',
  data_to_annotate: { title: 'Summer poster', data_type: 'image', data_url: '/api/files/p1' },
  quality_rating: null,
  feedback_notes: null,
  ...over,
});

let alertSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  alertSpy = vi.fn();
  vi.stubGlobal('alert', alertSpy);
});

const open = () => renderPage('/annotate/t1', '/annotate/:taskId', <AnnotatePage />);

describe('AnnotatePage', () => {
  it.each([
    ['pending', 'This task is not yet available. Tasks can only be started when the project enters the active phase.'],
    ['completed', 'This project has ended.'],
    ['archived', 'This project has been archived.'],
  ])('a %s job alerts and returns to /jobs', async (job_status, message) => {
    mockApi({ 'GET /annotations/t1': { body: task({ job_status }) } });
    open();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jobs'));
    expect(alertSpy).toHaveBeenCalledExactlyOnceWith(message);
  });

  it.each([
    [{ detail: 'You are not assigned to this task' }, 'You are not assigned to this task'],
    [{}, 'Cannot start this task'],
  ])('an HTTP 400 alerts %j and returns to /jobs', async (body, message) => {
    mockApi({ 'GET /annotations/t1': { status: 400, body } });
    open();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jobs'));
    expect(alertSpy).toHaveBeenCalledWith(message);
  });

  it('shows the failure texts when the image cannot load', async () => {
    mockApi({ 'GET /annotations/t1': { body: task() } });
    open();
    fireEvent.error(await screen.findByRole('img', { name: 'Summer poster' }));
    expect(screen.getByText('Image not available')).toBeInTheDocument();
    expect(screen.getByText('File may have been moved or deleted')).toBeInTheDocument();
  });

  it('shows Task not found for a missing task', async () => {
    mockApi({});
    open();
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
  });

  it('starts an assigned task, then rates and submits it after confirming', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /annotations/t1': { body: task({ status: 'assigned' }) },
      'POST /annotations/t1/start': { body: task({ status: 'in_progress' }) },
      'POST /annotations/t1/submit': { body: task({ status: 'completed' }) },
    });
    open();
    expect(screen.getByText('Loading your creative task...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Rate this poster' })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/annotations/t1/start') && init?.method === 'POST',
      ),
    ).toBe(true);
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Summer poster' })).toHaveAttribute('src', '/api/files/p1');
    expect(screen.getByText('Max 1000 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Feedback' })).toHaveAttribute('maxlength', '1000');

    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '4 - Strong Execution' }));
    expect(submit).toBeDisabled();
    await user.type(screen.getByPlaceholderText('Add any notes or observations about this content...'), '   ');
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Bold colours');
    expect(submit).toBeEnabled();
    await user.click(submit);

    const dialog = screen.getByRole('dialog', { name: 'Submit Your Feedback?' });
    expect(dialog).toHaveTextContent(
      "You're about to submit your creative feedback. You won't be able to edit it after submission.",
    );
    expect(dialog).toHaveTextContent('4 - Strong Execution');
    expect(dialog).toHaveTextContent('Bold colours');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jobs'));
    const submitCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/submit'));
    expect(JSON.parse(String(submitCall![1]!.body))).toEqual({ quality_rating: 4, feedback_notes: 'Bold colours' });
  });

  it('offers one 1-5 rating control, no slider (issue 34)', async () => {
    mockApi({ 'GET /annotations/t1': { body: task() } });
    open();
    expect(await screen.findByRole('heading', { name: 'Rate this poster' })).toBeInTheDocument();
    expect(screen.queryByRole('slider')).toBeNull();
    const group = screen.getByRole('group', { name: 'Creative Rating' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByTestId('rating-value')).toHaveTextContent('Not rated yet');
  });

  it('after a submit opens the next open task of the same job, with Back to Jobs at hand (issue 34)', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /annotations/t1': { body: task() },
      'POST /annotations/t1/submit': { body: task({ status: 'completed' }) },
      'GET /annotations/user/u1': {
        body: [
          task({ status: 'completed' }),
          task({ id: 'other-job', job_id: 'j2', status: 'assigned' }),
          task({ id: 'done', status: 'reviewed' }),
          task({ id: 't2', status: 'assigned', task_name: 'Rate the next poster' }),
        ],
      },
      'GET /annotations/t2': { body: task({ id: 't2', task_name: 'Rate the next poster' }) },
    });
    open();
    await user.click(await screen.findByRole('button', { name: '5 - Exceptional Work' }));
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Striking');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/annotate/t2'));
    expect(await screen.findByRole('heading', { name: 'Rate the next poster' })).toBeInTheDocument();
    const note = screen.getByText(/This is the next task of the job\./);
    expect(note).toHaveTextContent('Feedback submitted. This is the next task of the job.');
    await user.click(within(note).getByRole('button', { name: 'Back to Jobs' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs');
  });

  it('alerts when the submission fails and stays on the task', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /annotations/t1': { body: task() },
      'POST /annotations/t1/submit': { status: 500, body: { detail: 'boom' } },
    });
    open();
    await user.click(await screen.findByRole('button', { name: '2 - Needs Improvement' }));
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Muddy');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Failed to submit annotation'));
    expect(screen.getByTestId('location')).toHaveTextContent('/annotate/t1');
  });

  // A rater whose work is held (paused, or acceptance withdrawn by a retake; decision 0170) learns why.
  const HELD = 'Your acceptance for this project was withdrawn while you take its interview again.';

  it('a refused start (403) alerts the server reason and returns to /jobs', async () => {
    mockApi({
      'GET /annotations/t1': { body: task({ status: 'assigned' }) },
      'POST /annotations/t1/start': { status: 403, body: { detail: HELD } },
    });
    open();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jobs'));
    expect(alertSpy).toHaveBeenCalledExactlyOnceWith(HELD);
  });

  it('a refused submit (403) alerts the failure with the server reason and stays on the task', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /annotations/t1': { body: task() },
      'POST /annotations/t1/submit': { status: 403, body: { detail: HELD } },
    });
    open();
    await user.click(await screen.findByRole('button', { name: '2 - Needs Improvement' }));
    await user.type(screen.getByRole('textbox', { name: 'Feedback' }), 'Muddy');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(`Failed to submit annotation. ${HELD}`));
    expect(screen.getByTestId('location')).toHaveTextContent('/annotate/t1');
  });

  it('shows a transcript when the item has no type', async () => {
    mockApi({
      'GET /annotations/t1': {
        body: task({
          data_to_annotate: {
            transcript: [
              { speaker: 'ai', text: 'Tell me about it' },
              { speaker: 'user', text: 'Sure' },
            ],
          },
        }),
      },
    });
    open();
    expect(await screen.findByText('Creative Work')).toBeInTheDocument();
    expect(screen.getByText('Tell me about it')).toBeInTheDocument();
    expect(screen.getByText('Sure')).toBeInTheDocument();
  });
});
