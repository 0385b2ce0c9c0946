import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BiasAudit } from '@app/shared';
// g(group, n, rate, rest) builds a row; sel(row) is its selection-rate twin.
import { asSelection as sel, scoringGroup as g } from '../../../test/audit-groups';
import { mockApi, renderPage } from '../../../test/page-harness';
import { BiasAuditPage } from './BiasAuditPage';

const JOB = '33333333-3333-4333-8333-333333333333';

const female = g('female', 8, 0.625);
const male = g('male', 10, 0.3, { impact_ratio: 0.48, below_four_fifths: true, p_value: 0.0412, significant: true });
const white = g('white', 9, 0.5, { impact_ratio: 0.9, p_value: 0.71 });
const asian = g('asian', 8, 0.555);
const pacific = g('native_hawaiian_or_pacific_islander', 1, 1, { impact_ratio: null, excluded: true });
const unanswered = g('american_indian_or_alaska_native', 0, null, { impact_ratio: null });
const femaleAsian = g('female|asian', 4, 0.75);

const audit: BiasAudit = {
  generated_at: '2026-11-25T10:00:00Z',
  job_id: null,
  from: null,
  to: null,
  sample_size: 60,
  unknown_count: 42,
  unknown: { sex: 42, race_ethnicity: 43 },
  median_score: 3.4,
  decided: 17,
  scoring: {
    sex: [female, male],
    race_ethnicity: [white, asian, pacific, unanswered],
    intersectional: [femaleAsian],
  },
  selection: {
    sex: [female, male].map(sel),
    race_ethnicity: [white, asian, pacific].map(sel),
    intersectional: [femaleAsian].map(sel),
  },
  notes: ['Native Hawaiian or Pacific Islander is under 2 % of the sample and is excluded from the impact ratios.'],
  suppression: { min_cell: 5, min_sample: 20, withheld: null },
};
const auditUrls = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname === '/api/admin/bias-audit')
    .map((u) => u.search);
const rowOf = (table: HTMLElement, group: string) => within(table).getByText(group).closest('tr')!;

describe('BiasAuditPage', { timeout: 15_000 }, () => {
  it('renders the summary and each group with its N, rate, impact ratio, flag, significance or exclusion', async () => {
    mockApi({
      'GET /admin/bias-audit': { body: audit },
      'GET /admin/jobs': { body: { items: [], total: 0, page: 1, page_size: 100 } },
    });
    renderPage('/admin/bias-audit', '/admin/bias-audit', <BiasAuditPage />);
    const sex = await screen.findByRole('table', { name: 'Scoring: Sex' });
    expect(screen.getByText('Sample (AI-scored interviews)').nextSibling).toHaveTextContent('60');
    expect(screen.getByText('Unknown (not self-identified or declined)').nextSibling).toHaveTextContent('42');
    expect(screen.getByText('Median overall score').nextSibling).toHaveTextContent('3.4');
    expect(screen.getByText('Decided (approved or rejected)').nextSibling).toHaveTextContent('17');
    expect(screen.getByText(audit.notes[0]!)).toBeInTheDocument();

    // Cells: group, N, rate, impact ratio, significance.
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rowOf(sex, 'Female'))).toEqual(['Female', '8', '62.5 %', '1.00', 'Reference']);
    expect(cells(rowOf(sex, 'Male'))).toEqual(['Male', '10', '30.0 %', '0.48Below 0.8', 'Significant (p = 0.041)']);
    expect(rowOf(sex, 'Male')).toHaveClass('bg-amber-50');

    const race = screen.getByRole('table', { name: 'Scoring: Race / ethnicity' });
    expect(cells(rowOf(race, 'White'))).toEqual(['White', '9', '50.0 %', '0.90', 'Not significant (p = 0.71)']);
    expect(cells(rowOf(race, 'Native Hawaiian or Pacific Islander'))).toEqual([
      'Native Hawaiian or Pacific Islander',
      '1',
      '100.0 %',
      'Excluded (under 2 %)',
      '—',
    ]);
    // A group no one answered is not a row.
    expect(within(race).queryByText('American Indian or Alaska Native')).toBeNull();

    const inter = screen.getByRole('table', { name: 'Scoring: Sex × race / ethnicity' });
    expect(cells(rowOf(inter, 'Female × Asian'))).toEqual(['Female × Asian', '4', '75.0 %', '1.00', 'Reference']);
    expect(screen.getByRole('table', { name: 'Selection: Sex' })).toHaveTextContent('Selection rate');
    // The chart shows the intersectional rates, never the excluded groups.
    const chart = screen.getByRole('figure', { name: 'Scoring rate by sex × race / ethnicity' });
    expect(chart).toHaveTextContent('Female × Asian');
    expect(chart).toHaveTextContent('75.0 %');
  });

  it('sends the job and the dates chosen as the query, and publishes the selected job', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/bias-audit': { body: audit },
      'GET /admin/jobs': {
        body: { items: [{ id: JOB, title: 'Illustrator' }], total: 1, page: 1, page_size: 100 },
      },
      'POST /admin/bias-audit/publish': (init) => ({
        status: 201,
        body: { id: 'pub1', ...JSON.parse(String(init?.body)) },
      }),
    });
    renderPage('/admin/bias-audit', '/admin/bias-audit', <BiasAuditPage />);
    await screen.findByRole('table', { name: 'Scoring: Sex' });
    expect(auditUrls(api)).toEqual(['']);

    await user.selectOptions(await screen.findByLabelText('Job'), 'Illustrator');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06-30' } });
    await waitFor(() => expect(auditUrls(api)).toContain(`?job_id=${JOB}&from=2026-01-01&to=2026-06-30`));
    // The publish form asks about what it would publish: the job on all dates.
    await waitFor(() => expect(auditUrls(api)).toContain(`?job_id=${JOB}`));
    expect(screen.getByTestId('location')).toHaveTextContent(`job_id=${JOB}`);

    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    await user.type(screen.getByLabelText('Independent auditor'), 'Fair Audits LLC');
    fireEvent.change(screen.getByLabelText('Audit date'), { target: { value: '2026-11-20' } });
    await user.click(publish);
    expect(await screen.findByText(/^Published\. It is listed at/)).toHaveTextContent(
      'Published. It is listed at /bias-audit.',
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      job_id: JOB,
      auditor: 'Fair Audits LLC',
      audit_date: '2026-11-20',
    });
  });

  it('shows no groups for a view too small, and says why Publish is unavailable below the floor', async () => {
    const user = userEvent.setup();
    const withheld = 'Only 2 AI-scored people are in this view, fewer than 20: no group is shown.';
    const small: BiasAudit = { ...audit, sample_size: 2, suppression: { ...audit.suppression, withheld } };
    const api = mockApi({
      'GET /admin/bias-audit': { body: small },
      'GET /admin/jobs': { body: { items: [{ id: JOB, title: 'Illustrator' }], total: 1, page: 1, page_size: 100 } },
    });
    renderPage(`/admin/bias-audit?job_id=${JOB}`, '/admin/bias-audit', <BiasAuditPage />);
    const groups = await screen.findByRole('region', { name: 'Groups' });
    expect(groups).toHaveTextContent(withheld);
    expect(screen.queryByRole('table')).toBeNull();
    await user.type(screen.getByLabelText('Independent auditor'), 'Fair Audits LLC');
    fireEvent.change(screen.getByLabelText('Audit date'), { target: { value: '2026-11-20' } });
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(
      'Publishing needs at least 20 AI-scored people; the selected job has 2. A summary of fewer would be empty or could single someone out.',
    );
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's detail when the audit cannot be computed", async () => {
    mockApi({
      'GET /admin/bias-audit': { status: 422, body: { detail: 'from must not be after to' } },
      'GET /admin/jobs': { body: { items: [], total: 0, page: 1, page_size: 100 } },
    });
    renderPage('/admin/bias-audit?from=2026-02-01&to=2026-01-01', '/admin/bias-audit', <BiasAuditPage />);
    expect(await screen.findByText('from must not be after to')).toBeInTheDocument();
  });
});
