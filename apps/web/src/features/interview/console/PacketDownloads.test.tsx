import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminInterviewDetail, InterviewPrivacy } from '@app/shared';
import { mockApi, renderPage, stubFileSave } from '../../../test/page-harness';
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
  assessed_at: null,
  started_at: '2026-11-20T10:00:00Z',
  has_recording: false,
  transcript_pass: 'live',
  candidate_resume_url: null,
  candidate_position: null,
  transcript: [],
  assessment: null,
};

const privacy = (log: InterviewPrivacy['access_log']): InterviewPrivacy => ({
  retention_days: 90,
  recording_deleted_at: null,
  access_log: log,
});

describe('the candidate packet on the interview review page', () => {
  it('downloads the PDF and the ZIP with the bearer token, and the access history then shows the download', async () => {
    const user = userEvent.setup();
    let downloads = 0;
    const api = mockApi({
      'GET /admin/interviews/i1': { body: interview },
      'GET /admin/interviews/i1/privacy': () => ({
        body: privacy(
          Array.from({ length: downloads }, () => ({
            kind: 'packet' as const,
            admin_email: 'admin@example.com',
            accessed_at: '2026-11-21T09:00:00Z',
          })),
        ),
      }),
      'GET /admin/interviews/i1/packet.pdf': () => (downloads++, { body: '%PDF' }),
      'GET /admin/interviews/i1/packet.zip': () => (downloads++, { body: 'PK' }),
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);
    const group = await screen.findByRole('group', { name: 'Candidate packet' });
    expect(await screen.findByText(/Nobody has opened the recording/)).toBeInTheDocument();

    const { click, createObjectURL } = stubFileSave();
    await user.click(within(group).getByRole('button', { name: 'Download packet (PDF)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const pdfCall = api.mock.calls.find(([url]) => String(url).endsWith('/admin/interviews/i1/packet.pdf'))!;
    expect(new Headers(pdfCall[1]?.headers).get('authorization')).toBe('Bearer t');
    const history = await screen.findByRole('list', { name: 'Access history' });
    expect(history).toHaveTextContent('admin@example.com downloaded the candidate packet');

    await user.click(within(group).getByRole('button', { name: 'Download packet (ZIP)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(createObjectURL).toHaveBeenCalledTimes(2);
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/admin/interviews/i1/packet.zip'))).toBe(true);
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
  });

  it("shows the server's reason when a download is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/interviews/i1': { body: interview },
      'GET /admin/interviews/i1/privacy': { body: privacy([]) },
      'GET /admin/interviews/i1/packet.zip': { status: 403, body: { detail: 'Admin access required' } },
    });
    renderPage('/admin/interviews/i1', '/admin/interviews/:interviewId', <InterviewReviewPage />);
    const { createObjectURL } = stubFileSave();
    await user.click(await screen.findByRole('button', { name: 'Download packet (ZIP)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin access required');
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download packet (ZIP)' })).toBeEnabled();
  });
});
