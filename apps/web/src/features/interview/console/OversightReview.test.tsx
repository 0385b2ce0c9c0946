import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RUBRIC_CRITERIA, type AdminInterviewDetail, type Assessment } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { InterviewReviewPage } from './InterviewReviewPage';

const assessment: Assessment = {
  rubric_version: 'rubric-v1',
  method: 'built_in',
  model: null,
  status: 'scored',
  criteria: RUBRIC_CRITERIA.map((c) => ({ key: c.key, label: c.label, score: 2, rationale: 'Thin.', quotes: ['q'] })),
  overall_score: 2,
  recommendation: 'do_not_advance',
  summary: 'Short answers.',
  signals: {
    candidate_turns: 1,
    candidate_words: 4,
    speaking_seconds: 15,
    skills_covered: [],
    skills_missing: [],
    questions_answered: [],
    questions_unanswered: [],
  },
  fallback_reason: null,
  generated_at: '2026-11-20T10:21:00Z',
};
const provenance = {
  rubric_version: 'rubric-v1',
  method: 'built_in' as const,
  model: null,
  prompt_sha256: 'a'.repeat(64),
  recognizer: 'careful:pocketsphinx',
  transcript_sha256: 'b'.repeat(64),
};

const base: AdminInterviewDetail = {
  id: 'i1',
  job_id: 'j1',
  candidate_id: 'c1',
  job_title: 'Poster Critic',
  position: 'Contract',
  status: 'under_review',
  acceptance_status: null,
  created_at: '2026-11-20T10:00:00Z',
  completed_at: '2026-11-20T10:20:00Z',
  candidate_email: 'grace@example.com',
  candidate_name: 'Grace Hopper',
  decision_note: null,
  decided_by: null,
  decided_at: null,
  assessed_at: '2026-11-20T10:21:00Z',
  started_at: '2026-11-20T10:00:00Z',
  has_recording: false,
  transcript_pass: 'careful',
  candidate_resume_url: null,
  candidate_position: null,
  transcript: [
    { seq: 0, speaker: 'ai', text: 'Which tools do you use?', offset_seconds: 0 },
    {
      seq: 1,
      speaker: 'user',
      text: 'I use after affects.',
      offset_seconds: 12,
      candidate_correction: 'I use After Effects.',
    },
  ],
  assessment,
  assessment_hidden: false,
  human_scores: null,
  provenance,
  integrity_events: [
    { id: 'e1', kind: 'tab_hidden', offset_seconds: 65, duration_seconds: 4.2, mark: null },
    { id: 'e2', kind: 'paste', offset_seconds: 80, duration_seconds: null, mark: 'explained' },
  ],
  appeal: null,
  work_sample: null,
};

beforeEach(() => vi.restoreAllMocks());

describe('the review page under issue 35', () => {
  it('asks for blind scores before showing the AI assessment, then shows it with its provenance', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const hidden = { ...base, assessment: null, provenance: null, assessment_hidden: true };
    const shown = { ...base, human_scores: RUBRIC_CRITERIA.map((c) => ({ criterion: c.key, score: 3 })) };
    mockApi({
      'GET /admin/interviews/i1': () => ({ body: sent ? shown : hidden }),
      'POST /admin/interviews/i1/human-scores': (init) => {
        sent = JSON.parse(String(init?.body));
        return { status: 201, body: shown };
      },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);
    const section = await screen.findByRole('region', { name: 'AI assessment' });
    expect(within(section).queryByText('Do not advance')).not.toBeInTheDocument();
    const submit = within(section).getByRole('button', { name: 'Record my scores and show the AI assessment' });
    expect(submit).toBeDisabled();
    for (const c of RUBRIC_CRITERIA) {
      await user.click(within(within(section).getByRole('group', { name: c.label })).getByRole('radio', { name: '3' }));
    }
    await user.click(submit);
    await waitFor(() => expect(sent).toEqual({ scores: RUBRIC_CRITERIA.map((c) => ({ criterion: c.key, score: 3 })) }));
    expect(await within(section).findByText('Do not advance')).toBeInTheDocument();
    expect(within(section).getByTestId('human-scores')).toHaveTextContent('Communication 3 (2)');
    expect(within(section).getByTestId('provenance')).toHaveTextContent('careful:pocketsphinx');
  });

  it('an approval against the AI needs an internal reason: the field is marked, nothing is sent, and the server’s refusal shows', async () => {
    const user = userEvent.setup();
    let posts = 0;
    mockApi({
      'GET /admin/interviews/i1': { body: base },
      'POST /admin/interviews/i1/decision': () => {
        posts++;
        return {
          status: 422,
          body: {
            detail:
              "This decision goes against the AI's recommendation (do not advance); give the internal reason why.",
          },
        };
      },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);
    const reason = await screen.findByLabelText('Internal reason');
    expect(reason).toHaveAccessibleDescription(/Approving goes against the AI's recommendation and needs a reason/);
    await user.type(screen.getByLabelText('Note to the candidate (optional)'), 'Congratulations!');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/give the internal reason/);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toBe(0);

    await user.type(reason, 'Portfolio outweighs the answers.');
    expect(reason).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/give the internal reason why/)).toBeInTheDocument();
    expect(posts).toBe(1);
  });

  it('lists integrity evidence on the timeline, marks an event, and shows the candidate’s correction beside the text', async () => {
    const user = userEvent.setup();
    let marked: unknown = null;
    mockApi({
      'GET /admin/interviews/i1': { body: base },
      'POST /admin/interviews/i1/integrity-events/e1/mark': (init) => {
        marked = JSON.parse(String(init?.body));
        return {
          body: { integrity_events: [{ ...base.integrity_events[0], mark: 'concern' }, base.integrity_events[1]] },
        };
      },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);
    const events = await screen.findByTestId('integrity-events');
    expect(within(events).getByText(/Tab hidden/)).toBeInTheDocument();
    expect(within(events).getByText('Explained', { selector: 'span' })).toBeInTheDocument();
    await user.click(within(events).getByRole('button', { name: 'Mark Tab hidden at 1:05 as concern' }));
    await waitFor(() => expect(marked).toEqual({ mark: 'concern' }));
    expect(await within(events).findByText('Concern', { selector: 'span' })).toBeInTheDocument();
    const transcript = screen.getByRole('list', { name: 'Transcript' });
    expect(within(transcript).getByText('I use after affects.')).toBeInTheDocument();
    expect(within(transcript).getByText(/Candidate's correction: I use After Effects\./)).toBeInTheDocument();
  });
});
