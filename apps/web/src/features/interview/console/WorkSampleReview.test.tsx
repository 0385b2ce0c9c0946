import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RUBRIC_CRITERIA, workSampleIntro, type AdminInterviewDetail, type WorkSampleResult } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { InterviewReviewPage } from './InterviewReviewPage';

const sample: WorkSampleResult = {
  items: [
    {
      item_id: 'w1',
      position: 0,
      task_name: 'Festival poster',
      rating: 4,
      gold_rating: 4,
      distance: 0,
      seconds: 41.6,
      late: false,
      offset_seconds: 300,
      think_aloud: 'The type is clear from far away.',
    },
    {
      item_id: 'w2',
      position: 1,
      task_name: 'Menu card',
      rating: 5,
      gold_rating: 2,
      distance: 3,
      seconds: 130.2,
      late: true,
      offset_seconds: 342,
      think_aloud: '',
    },
    {
      item_id: null,
      position: 2,
      task_name: 'Book cover',
      rating: null,
      gold_rating: 3,
      distance: null,
      seconds: null,
      late: false,
      offset_seconds: 472,
      think_aloud: 'Hmm.',
    },
  ],
  mean_abs_distance: 1.5,
  within_one_share: 0.5,
  median_seconds: 85.9,
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
  assessed_at: null,
  started_at: '2026-11-20T10:00:00Z',
  has_recording: true,
  transcript_pass: 'live',
  candidate_resume_url: null,
  candidate_position: null,
  transcript: [
    { seq: 0, speaker: 'ai', text: 'Tell me about your work.', offset_seconds: 0 },
    { seq: 1, speaker: 'ai', text: workSampleIntro(3), offset_seconds: 295 },
    { seq: 2, speaker: 'user', text: 'The type is clear from far away.', offset_seconds: 310 },
  ],
  assessment: null,
  assessment_hidden: false,
  human_scores: null,
  provenance: null,
  integrity_events: [],
  appeal: null,
  work_sample: sample,
};

const playlist = {
  body: {
    duration_seconds: 600,
    file: { url: '/s/joined', duration_seconds: 600, size_bytes: 20 },
    segments: [{ url: '/s/1', offset_seconds: 0, duration_seconds: 600, size_bytes: 10, file_offset_seconds: 0 }],
  },
};

const open = () => renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);

describe('the work sample in the interview review', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });

  it('shows the figures and each item beside gold with its time and think-aloud, and plays the recording from an item', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /admin/interviews/i1': { body: base }, 'GET /interviews/i1/recording/playlist': playlist });
    open();

    const section = await screen.findByRole('region', { name: 'Work sample' });
    const figures = within(section).getByLabelText('Work-sample figures');
    expect(figures).toHaveTextContent('Mean distance from gold1.50 points');
    expect(figures).toHaveTextContent('Within one point50%');
    expect(figures).toHaveTextContent('Median time per item86 s');
    expect(figures).toHaveTextContent('2 of 3 items rated.');

    const rows = within(within(section).getByRole('table', { name: 'Work-sample items' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1. Festival poster', '4 / 5', '4 / 5', '0', '42 s', '“The type is clear from far away.”'],
      ['2. Menu card', '5 / 5', '2 / 5', '3', '130 s late', 'Nothing said'],
      ['3. Book cover', 'Not rated', '3 / 5', '—', '—', '“Hmm.”'],
    ]);

    const video = (await screen.findByTestId('interview-recording')) as HTMLVideoElement;
    await user.click(within(section).getByRole('button', { name: 'Play Menu card from 5:42' }));
    expect(video.currentTime).toBe(342);
    fireEvent.timeUpdate(video);
    // The item on screen at that moment of the interview is marked.
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
  });

  it('while the review is blind, says the figures come after your own scores, then shows them', async () => {
    const user = userEvent.setup();
    let scored = false;
    const hidden = { ...base, assessment_hidden: true, work_sample: null, has_recording: false };
    mockApi({
      'GET /admin/interviews/i1': () => ({
        body: scored ? { ...hidden, assessment_hidden: false, work_sample: sample } : hidden,
      }),
      'POST /admin/interviews/i1/human-scores': () => {
        scored = true;
        return { status: 201, body: {} };
      },
    });
    open();

    const section = await screen.findByRole('region', { name: 'Work sample' });
    expect(section).toHaveTextContent('Hidden until you post your own scores.');
    expect(within(section).queryByText('Festival poster')).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Your blind scores' });
    for (const c of RUBRIC_CRITERIA) {
      await user.click(within(within(form).getByRole('group', { name: c.label })).getByRole('radio', { name: '3' }));
    }
    await user.click(within(form).getByRole('button', { name: /Record my scores/ }));
    await waitFor(() => expect(within(section).getByText('1. Festival poster')).toBeInTheDocument());
    expect(section).not.toHaveTextContent('Hidden until');
  });

  it('has no work-sample section for an interview without one, blind or not', async () => {
    const without = { ...base, work_sample: null, has_recording: false, transcript: base.transcript.slice(0, 1) };
    mockApi({ 'GET /admin/interviews/i1': { body: { ...without, assessment_hidden: true } } });
    open();
    expect(await screen.findByRole('region', { name: 'Recording and transcript' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Work sample' })).not.toBeInTheDocument();
  });
});
