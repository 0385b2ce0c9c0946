import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/page-harness';
import { sendInterviewSatisfaction, sendPracticeSatisfaction } from '../api/satisfaction';
import { EndModal } from './EndModal';
import { SatisfactionQuestion } from './SatisfactionQuestion';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const IV = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

describe('the closing screen’s satisfaction question', () => {
  it('sends a score with the comment from the interview’s end screen, then thanks', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mockApi({
      [`POST /interviews/${IV}/satisfaction`]: (init) => {
        sent = bodyOf(init);
        return { status: 201, body: { score: 4, comment: 'Clear.', skipped: false, created_at: '' } };
      },
    });
    render(
      <EndModal onContinue={() => {}}>
        <SatisfactionQuestion subject="interview" send={(r) => sendInterviewSatisfaction(IV, r)} />
      </EndModal>,
    );
    expect(screen.getByText('How did this interview feel? (optional)')).toBeInTheDocument();
    // Nothing to send before a score is picked; the comment is optional.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: '4 of 5' }));
    expect(screen.getByRole('radio', { name: '4 of 5' })).toHaveAttribute('aria-checked', 'true');
    await user.type(screen.getByLabelText('Anything to add?'), '  Clear.  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
    expect(sent).toEqual({ score: 4, comment: 'Clear.' });
    expect(screen.queryByRole('form', { name: 'Rate this interview' })).toBeNull();
    // The way on stays.
    expect(screen.getByRole('button', { name: 'Continue to status' })).toBeEnabled();
  });

  it('Skip records the skip and the question goes away', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({}));
    render(<SatisfactionQuestion subject="practice" send={send} />);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(send).toHaveBeenCalledWith({ skipped: true });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Rate this practice' })).toBeNull());
  });

  it('an answer the server already has counts as answered; another failure says so and lets them retry', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      [`POST /interviews/${IV}/satisfaction`]: () =>
        ++calls === 1
          ? { status: 500, body: { detail: 'Internal Server Error' } }
          : { status: 409, body: { detail: 'You have already answered this question for this interview.' } },
    });
    render(<SatisfactionQuestion subject="interview" send={(r) => sendInterviewSatisfaction(IV, r)} />);
    await user.click(screen.getByRole('radio', { name: '2 of 5' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeInTheDocument();
  });

  it('a practice answer names its run and, when it is a job’s practice, the job', async () => {
    let sent: unknown;
    mockApi({
      'POST /practice-satisfaction': (init) => {
        sent = bodyOf(init);
        return { status: 201, body: {} };
      },
    });
    await sendPracticeSatisfaction('s1', 'j1', { score: 5 });
    expect(sent).toEqual({ session_id: 's1', job_id: 'j1', score: 5 });
    await sendPracticeSatisfaction('s2', null, { skipped: true });
    expect(sent).toEqual({ session_id: 's2', skipped: true });
  });
});
