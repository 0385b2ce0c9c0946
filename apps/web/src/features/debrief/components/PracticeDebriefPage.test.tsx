import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Debrief } from '@app/shared';
import { clearPracticeDebrief, savePracticeDebrief } from '../../../lib/practice-debrief';
import { mockApi, renderPage } from '../../../test/page-harness';
import { PracticeDebriefPage } from './PracticeDebriefPage';

const answer = {
  question: 'What drew you to this role?',
  text: 'um I design tea packaging you know',
  words_per_minute: 150,
  fillers: ['um', 'you know'],
  filler_spans: [
    [0, 2],
    [26, 34],
  ] as [number, number][],
  concrete_items: ['design tea packaging'],
  job_terms: ['Packaging'],
  suggestion: 'Communication: give a full example: what the task was, what you did, and how it turned out.',
  suggestion_criterion: 'communication',
  reliable: true,
  seconds: 2.8,
  start_seconds: 1.1,
};
const debrief: Debrief = {
  reliable: false,
  delivery: {
    words_per_minute: 150,
    filler_per_100_words: 28.6,
    talk_share: 0.41,
    longest_answer_seconds: 4.2,
    start_seconds: 1.1,
    wpm_band: [130, 175],
  },
  answers: [
    answer,
    {
      ...answer,
      question: 'Tell me about a project.',
      text: 'bargain the man foot',
      words_per_minute: null,
      fillers: [],
      filler_spans: [],
      concrete_items: [],
      job_terms: [],
      suggestion: null,
      suggestion_criterion: null,
      reliable: false,
    },
  ],
};

/** What the live session signed the debrief with (decision 0171). */
const seal = 'c2VhbGVkLWJ5LXRoZS1zZXJ2ZXI';

afterEach(() => clearPracticeDebrief());

describe('PracticeDebriefPage', { timeout: 15_000 }, () => {
  it('shows delivery with the usual band, marks the fillers, and judges nothing where the audio was unclear', async () => {
    savePracticeDebrief({ debrief, seal });
    mockApi({});
    renderPage('/interview-prep/debrief', '/interview-prep/debrief', <PracticeDebriefPage />);
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('150 wpm');
    expect(delivery).toHaveTextContent('In the usual range (130–175 wpm)');
    expect(delivery).toHaveTextContent('41%');
    // Time to start is a neutral figure with the usual range, not praise (issue 34).
    expect(delivery).toHaveTextContent('1.1 s');
    expect(delivery).toHaveTextContent('Median after each question; 1–5 s is the usual range');
    expect(delivery).not.toHaveTextContent(/typical|great|good/i);
    const [first, second] = screen.getAllByTestId('debrief-answer');
    expect([...first!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['um', 'you know']);
    expect(within(first!).getByRole('list', { name: 'Job terms you used' })).toHaveTextContent('Packaging');
    expect(first).toHaveTextContent(answer.suggestion);
    expect(second).toHaveTextContent('The audio was hard to hear here, so this answer is not judged.');
    expect(second).not.toHaveTextContent('Pace:');
  });

  it('says how many work-sample ratings were within one point, with one tip', async () => {
    const work_sample = {
      rated: 3,
      within_one: 2,
      summary: '2 of 3 items within one point of the reference rating.',
      tip: 'Say why as you rate.',
      tip_key: 'reason' as const,
    };
    savePracticeDebrief({ debrief: { ...debrief, work_sample }, seal });
    mockApi({});
    renderPage('/interview-prep/debrief', '/interview-prep/debrief', <PracticeDebriefPage />);
    const section = await screen.findByRole('region', { name: 'Work sample' });
    expect(section).toHaveTextContent('2 of 3 items within one point of the reference rating.');
    expect(section).toHaveTextContent('Tip: Say why as you rate.');
  });

  it('counts answers, not questions: a reply to the greeting does not make a practice of two questions read as three', async () => {
    savePracticeDebrief({
      debrief: { ...debrief, answers: [{ ...answer, question: 'Hi, I am the AI interviewer.' }, ...debrief.answers] },
      seal,
    });
    mockApi({});
    renderPage('/interview-prep/debrief', '/interview-prep/debrief', <PracticeDebriefPage />);
    const cards = await screen.findAllByTestId('debrief-answer');
    expect(cards.map((c) => c.querySelector('p')!.textContent)).toEqual(['Answer 1', 'Answer 2', 'Answer 3']);
    expect(screen.queryByText(/^Question \d/)).toBeNull();
    expect(
      screen.getByText(/Each reply you gave: to the greeting, to each question and to any follow-up/),
    ).toBeInTheDocument();
  });

  it('keeps the debrief on request and opens the kept one', async () => {
    const user = userEvent.setup();
    savePracticeDebrief({ debrief, seal });
    const api = mockApi({
      'POST /practice-debriefs': { status: 201, body: { id: 'd-1', created_at: '2026-03-01T00:00:00Z', debrief } },
    });
    renderPage('/interview-prep/debrief', '/interview-prep/debrief', <PracticeDebriefPage />);
    await user.click(await screen.findByRole('button', { name: 'Keep this debrief' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/debriefs/d-1'));
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    // The debrief goes back with the live session's seal: the server keeps only what it computed.
    expect(JSON.parse(String(post[1]!.body))).toEqual({ debrief, seal });
  });

  it("shows the server's refusal and stays on the page", async () => {
    const user = userEvent.setup();
    savePracticeDebrief({ debrief, seal });
    const detail = 'This debrief did not come from a practice interview on this account, so it cannot be kept.';
    mockApi({ 'POST /practice-debriefs': { status: 400, body: { detail } } });
    renderPage('/interview-prep/debrief', '/interview-prep/debrief', <PracticeDebriefPage />);
    await user.click(await screen.findByRole('button', { name: 'Keep this debrief' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/interview-prep/debrief');
  });

  it('says so when there is no practice debrief in this window', async () => {
    mockApi({});
    renderPage('/interview-prep/debrief', '/interview-prep/debrief', <PracticeDebriefPage />);
    expect(await screen.findByText('There is no practice debrief in this window.')).toBeInTheDocument();
  });
});
