import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { ApplicantsPage } from './ApplicantsPage';

const row = (id: string, status: string, completed_at: string | null) => ({
  id,
  job_id: 'j1',
  candidate_id: `c-${id}`,
  candidate_name: `Candidate ${id}`,
  candidate_email: `${id}@example.test`,
  candidate_resume_url: null,
  job_title: 'Poster Critic',
  position: null,
  status,
  acceptance_status: null,
  assessment: null,
  created_at: '2026-03-01T10:00:00Z',
  started_at: null,
  completed_at,
});

describe('ApplicantsPage', () => {
  it('gives an "Interviewed" date only to interviews that were taken (issue 43)', async () => {
    mockApi({
      'GET /admin/interviews': {
        body: {
          items: [row('a', 'not_started', null), row('b', 'completed', '2026-03-04T12:00:00Z')],
          total: 2,
          page: 1,
          page_size: 25,
        },
      },
      'GET /admin/jobs': { body: { items: [], total: 0, page: 1, page_size: 100 } },
    });
    renderPage('/admin/applicants', '/admin/applicants', <ApplicantsPage />);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    const [notStarted, taken] = within(table).getAllByRole('row').slice(1);
    expect(within(notStarted!).getByText('Not yet')).toBeInTheDocument();
    expect(notStarted).not.toHaveTextContent(/Mar 1, 2026/);
    expect(taken).toHaveTextContent(/Mar 4, 2026/);
  });
});
