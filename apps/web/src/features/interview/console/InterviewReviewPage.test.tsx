import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInterviewDetail } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { InterviewReviewPage } from './InterviewReviewPage';

const interview: AdminInterviewDetail = {
  assessment_hidden: false,
  human_scores: null,
  provenance: null,
  integrity_events: [],
  appeal: null,
  work_sample: null,
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
  has_recording: true,
  transcript_pass: 'live',
  candidate_resume_url: '/api/files/r1',
  candidate_position: 'Illustrator',
  transcript: [
    { seq: 0, speaker: 'ai', text: 'Tell me about your work.', offset_seconds: 0 },
    { seq: 1, speaker: 'user', text: 'I design festival posters.', offset_seconds: 75 },
    { seq: 2, speaker: 'ai', text: 'Thank you.', offset_seconds: 90 },
  ],
  assessment: {
    rubric_version: 'rubric-v1',
    method: 'model',
    model: 'fake-rater-1',
    status: 'scored',
    criteria: [
      {
        key: 'communication',
        label: 'Communication',
        score: 4,
        rationale: 'Clear.',
        quotes: ['I design festival posters.'],
      },
    ],
    overall_score: 4,
    recommendation: 'advance',
    summary: 'A clear communicator.',
    signals: {
      candidate_turns: 1,
      candidate_words: 4,
      speaking_seconds: 15,
      skills_covered: ['Illustration'],
      skills_missing: [],
      questions_answered: [],
      questions_unanswered: ['Why posters?'],
    },
    fallback_reason: null,
    generated_at: '2026-11-20T10:21:00Z',
  },
};

describe('InterviewReviewPage', () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });

  it('plays the recording from a transcript line (across the segments of a reload), shows the model assessment and approves with a note', async () => {
    const user = userEvent.setup();
    let decided: unknown = null;
    mockApi({
      'GET /admin/interviews/i1': { body: interview },
      // Reloaded mid-interview: two segments, the second starting at 50 s of the interview.
      'GET /interviews/i1/recording/playlist': {
        body: {
          duration_seconds: 110,
          segments: [
            {
              url: '/api/interviews/i1/recording/segments/seg-one-1?expires=1&signature=a',
              offset_seconds: 0,
              duration_seconds: 45,
              size_bytes: 10,
            },
            {
              url: '/api/interviews/i1/recording/segments/seg-two-2?expires=1&signature=b',
              offset_seconds: 50,
              duration_seconds: 60,
              size_bytes: 10,
            },
          ],
        },
      },
      'POST /admin/interviews/i1/decision': (init) => {
        decided = JSON.parse(String(init?.body));
        return { body: { ...interview, status: 'approved' } };
      },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);

    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resume' })).toHaveAttribute('href', '/api/files/r1');
    const video = (await screen.findByTestId('interview-recording')) as HTMLVideoElement;
    // Played from its signed link (byte ranges as it plays), never fetched whole into a blob.
    expect(video).toHaveAttribute('src', '/api/interviews/i1/recording/segments/seg-one-1?expires=1&signature=a');

    const line = within(screen.getByRole('list', { name: 'Transcript' })).getByRole('button', {
      name: /1:15 Candidate: I design festival posters/,
    });
    await user.click(line);
    // 1:15 of the interview is 25 s into the second segment.
    expect(video).toHaveAttribute('src', '/api/interviews/i1/recording/segments/seg-two-2?expires=1&signature=b');
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(25);
    fireEvent.timeUpdate(video);
    expect(screen.getByTestId('recording-part')).toHaveTextContent('Part 2 of 2');
    expect(line).toHaveAttribute('aria-current', 'true');

    const assessment = screen.getByRole('region', { name: 'AI assessment' });
    expect(within(assessment).getByText('Model assessment: fake-rater-1')).toBeInTheDocument();
    expect(within(assessment).getByText('Advance')).toBeInTheDocument();
    expect(within(assessment).getByText('“I design festival posters.”')).toBeInTheDocument();

    // Two fields: the internal reason (never e-mailed) and the note to the candidate; then a confirm step.
    await user.type(screen.getByLabelText('Internal reason'), 'Agrees with the AI.');
    expect(screen.getByLabelText('Internal reason')).toHaveAccessibleDescription(/never sent to the candidate/);
    await user.type(screen.getByLabelText('Note to the candidate (optional)'), 'Great posters.');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Grace Hopper?' });
    expect(dialog).toHaveTextContent('“Great posters.”');
    expect(dialog).not.toHaveTextContent('Agrees with the AI.');
    expect(decided).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(decided).toEqual({ decision: 'approved', reason: 'Agrees with the AI.', note: 'Great posters.' }),
    );
  });

  it('plays the joined recording on one timeline once the interview has ended, a transcript line seeking in it', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/interviews/i1': { body: interview },
      // The same reload, joined by the server into one file: the second part starts 45 s into it.
      'GET /interviews/i1/recording/playlist': {
        body: {
          duration_seconds: 110,
          file: {
            url: '/api/interviews/i1/recording/segments/joined?expires=1&signature=c',
            duration_seconds: 105,
            size_bytes: 20,
          },
          segments: [
            { url: '/s/1', offset_seconds: 0, duration_seconds: 45, size_bytes: 10, file_offset_seconds: 0 },
            { url: '/s/2', offset_seconds: 50, duration_seconds: 60, size_bytes: 10, file_offset_seconds: 45 },
          ],
        },
      },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);

    const video = (await screen.findByTestId('interview-recording')) as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/api/interviews/i1/recording/segments/joined?expires=1&signature=c');
    const line = within(screen.getByRole('list', { name: 'Transcript' })).getByRole('button', {
      name: /1:15 Candidate: I design festival posters/,
    });
    await user.click(line);
    // 1:15 of the interview is 25 s into the second part, which starts 45 s into the file.
    expect(video).toHaveAttribute('src', '/api/interviews/i1/recording/segments/joined?expires=1&signature=c');
    expect(video.currentTime).toBe(70);
    fireEvent.timeUpdate(video);
    expect(line).toHaveAttribute('aria-current', 'true');
    // One recording, so no "Part 2 of 2" line.
    expect(screen.queryByTestId('recording-part')).not.toBeInTheDocument();
  });

  it('plays the parts while the server joins them, says so, and goes on in the joined file once it is there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const segments = [
        { url: '/s/1', offset_seconds: 0, duration_seconds: 45, size_bytes: 10, file_offset_seconds: null },
        { url: '/s/2', offset_seconds: 50, duration_seconds: 60, size_bytes: 10, file_offset_seconds: null },
      ];
      let asked = 0;
      mockApi({
        'GET /admin/interviews/i1': { body: interview },
        // Just ended: the join is coming in 5 s; then it is there.
        'GET /interviews/i1/recording/playlist': () =>
          ++asked === 1
            ? { body: { duration_seconds: 110, file: null, segments, joining: { retry_after_seconds: 5 } } }
            : {
                body: {
                  duration_seconds: 110,
                  file: { url: '/s/joined', duration_seconds: 105, size_bytes: 20 },
                  segments: segments.map((seg, i) => ({ ...seg, file_offset_seconds: i === 0 ? 0 : 45 })),
                  joining: null,
                },
              },
      });
      renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);

      const video = (await screen.findByTestId('interview-recording')) as HTMLVideoElement;
      expect(video).toHaveAttribute('src', '/s/1');
      expect(screen.getByTestId('recording-joining')).toHaveTextContent(
        'The recording is being joined into one file; until then its parts play one after the other.',
      );
      // The reviewer is 20 s into the first part when the join is done.
      video.currentTime = 20;
      fireEvent.timeUpdate(video);
      expect(asked).toBe(1);
      await vi.advanceTimersByTimeAsync(5000);
      await waitFor(() => expect(video).toHaveAttribute('src', '/s/joined'));
      expect(asked).toBe(2);
      expect(screen.queryByTestId('recording-joining')).not.toBeInTheDocument();
      fireEvent.loadedMetadata(video);
      expect(video.currentTime).toBe(20);
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks the words of the careful record that were not heard surely, and says when the audio was not clear enough to score', async () => {
    const w = (text: string, confidence: number, at: number) => ({
      text,
      confidence,
      start_seconds: at,
      end_seconds: at + 0.4,
    });
    mockApi({
      'GET /admin/interviews/i1': {
        body: {
          ...interview,
          has_recording: false,
          transcript_pass: 'careful',
          transcript: [
            interview.transcript[0],
            {
              seq: 1,
              speaker: 'user',
              text: 'I design festival posters',
              live_text: 'I design festival pasta',
              offset_seconds: 75,
              words: [w('I', 0.98, 0), w('design', 0.95, 0.3), w('festival', 0.9, 0.8), w('posters', 0.2, 1.4)],
            },
          ],
          assessment: {
            ...interview.assessment!,
            method: 'built_in',
            model: null,
            status: 'insufficient_audio',
            criteria: [],
            overall_score: null,
            recommendation: null,
            summary: 'Not scored: Too little of what the candidate said was heard surely.',
          },
        },
      },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);

    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    expect(
      within(transcript)
        .getByText(/Candidate:/)
        .closest('button'),
    ).toHaveTextContent('Candidate: I design festival posters');
    expect(
      within(transcript)
        .getAllByTestId('unsure-word')
        .map((m) => m.textContent),
    ).toEqual(['posters']);
    expect(screen.getByText(/Underlined words were not heard surely/)).toBeInTheDocument();
    const assessment = screen.getByRole('region', { name: 'AI assessment' });
    expect(within(assessment).getByText(/Audio not clear enough to score/)).toBeInTheDocument();
    expect(within(assessment).queryByText('Advance')).not.toBeInTheDocument();
  });
});
