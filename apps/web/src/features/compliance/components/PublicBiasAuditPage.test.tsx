import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublishedBiasAudit } from '@app/shared';
// g(group, n, rate, rest) builds a row; sel(row) is its selection-rate twin.
import { asSelection as sel, scoringGroup as g } from '../../../test/audit-groups';
import { mockApi, renderPage } from '../../../test/page-harness';
import { PublicBiasAuditPage } from './PublicBiasAuditPage';

const female = g('female', 12, 0.5);
const male = g('male', 10, 0.3, { impact_ratio: 0.6, below_four_fifths: true, p_value: 0.4, significant: false });

const published: PublishedBiasAudit = {
  id: 'pub1',
  job_id: 'j1',
  job_title: 'Illustrator',
  auditor: 'Fair Audits LLC',
  audit_date: '2026-11-20',
  distribution_date: '2026-02-03',
  published_at: '2026-11-21T10:00:00Z',
  sample_size: 30,
  unknown_count: 8,
  median_score: 3.2,
  scoring: { sex: [female, male], race_ethnicity: [], intersectional: [g('female|white', 5, 0.6)] },
  selection: { sex: [female, male].map(sel), race_ethnicity: [], intersectional: [] },
  notes: ['Fisher’s exact test; p < 0.05 is significant.'],
  suppression: { min_cell: 5, min_sample: 20, withheld: null },
};

describe('PublicBiasAuditPage', { timeout: 15_000 }, () => {
  it('renders each published summary (dates, auditor, sizes, rates and ratios) without signing in', async () => {
    const api = mockApi({
      'GET /public/bias-audit': {
        body: [
          // Anything that is not part of the summary, were a reply ever to carry it, is never shown.
          { ...published, candidates: [{ name: 'Ada Lovelace', email: 'ada@example.com', sex: 'female' }] },
          { ...published, id: 'pub2', job_id: null, job_title: null, audit_date: '2025-11-20', median_score: null },
        ],
      },
    });
    renderPage('/bias-audit', '/bias-audit', <PublicBiasAuditPage />);
    const first = await screen.findByRole('article', { name: 'Bias audit of 2026-11-20' });
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Illustrator: audit of 2026-11-20');
    const fact = (k: string) => within(first).getByText(k).nextSibling;
    expect(fact('Audit date')).toHaveTextContent('2026-11-20');
    expect(fact('Auditor')).toHaveTextContent('Fair Audits LLC');
    expect(fact('Distribution date (first use)')).toHaveTextContent('2026-02-03');
    expect(fact('People assessed')).toHaveTextContent('30');
    expect(fact('Unknown category')).toHaveTextContent('8');
    expect(fact('Median score')).toHaveTextContent('3.2');

    const sex = within(first).getByRole('table', { name: 'Scoring: Sex' });
    const row = (name: string) =>
      within(within(sex).getByText(name).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Female')).toEqual(['Female', '12', '50.0 %', '1.00', 'Reference']);
    expect(row('Male')).toEqual(['Male', '10', '30.0 %', '0.60Below 0.8', 'Not significant (p = 0.40)']);
    expect(within(first).getByRole('table', { name: 'Selection: Sex' })).toHaveTextContent('Selection rate');
    expect(within(first).getByRole('table', { name: 'Scoring: Race / ethnicity' })).toHaveTextContent(
      'No one in the sample answered for this table.',
    );
    expect(within(first).getByRole('figure', { name: 'Scoring rate by sex × race / ethnicity' })).toHaveTextContent(
      'Female × White',
    );
    expect(first).toHaveTextContent('Fisher’s exact test; p < 0.05 is significant.');

    const all = screen.getByRole('article', { name: 'Bias audit of 2025-11-20' });
    expect(within(all).getByRole('heading', { level: 2 })).toHaveTextContent('All roles: audit of 2025-11-20');
    expect(within(all).getByText('Median score').nextSibling).toHaveTextContent('—');

    // Never a person.
    expect(document.body.textContent).not.toMatch(/Ada Lovelace|ada@example\.com/);
    // A public page: the call goes out without the stored token.
    const [url, init] = api.mock.calls.find(([u]) => String(u).includes('/public/bias-audit'))!;
    expect(String(url)).toMatch(/\/api\/public\/bias-audit$/);
    expect((init?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('shows small groups as "fewer than 5" with no number or rate, and a summary of too few people without groups', async () => {
    const hidden = (group: string, why: 'small' | 'complementary' | 'withheld') =>
      g(group, null, null, { impact_ratio: null, suppressed: why });
    mockApi({
      'GET /public/bias-audit': {
        body: [
          {
            ...published,
            scoring: {
              sex: [female, male],
              race_ethnicity: [
                g('white', 20, 0.5),
                hidden('black_or_african_american', 'complementary'),
                hidden('asian', 'small'),
              ],
              intersectional: [hidden('female|asian', 'small'), hidden('male|two_or_more', 'small')],
            },
            suppression: { min_cell: 6, min_sample: 20, withheld: null },
          },
          {
            ...published,
            id: 'old',
            audit_date: '2025-10-01',
            sample_size: 2,
            scoring: { sex: [hidden('female', 'withheld')], race_ethnicity: [], intersectional: [] },
            suppression: { min_cell: 5, min_sample: 20, withheld: 'Only 2 AI-scored people are in this view.' },
          },
        ],
      },
    });
    renderPage('/bias-audit', '/bias-audit', <PublicBiasAuditPage />);
    const first = await screen.findByRole('article', { name: 'Bias audit of 2026-11-20' });
    const race = within(first).getByRole('table', { name: 'Scoring: Race / ethnicity' });
    const line = (text: string) => within(race).getByText(text, { exact: false }).closest('tr')!.textContent;
    // The number is the setting's.
    expect(line('Asian')).toBe(
      'Fewer than 6 each: Asian. No number, rate or ratio, so that no one can be singled out.',
    );
    expect(line('Black or African American')).toMatch(/^Not shown: Black or African American\./);
    const inter = within(first).getByRole('table', { name: 'Scoring: Sex × race / ethnicity' });
    expect(inter).toHaveTextContent('Female × Asian, Male × Two or more races');
    expect(inter).toHaveTextContent('Fewer than 6 each');
    expect(inter).not.toHaveTextContent('%');
    expect(within(first).getByRole('figure', { name: 'Scoring rate by sex × race / ethnicity' })).toHaveTextContent(
      'No group here is large enough to show a rate.',
    );

    const old = screen.getByRole('article', { name: 'Bias audit of 2025-10-01' });
    expect(old).toHaveTextContent('This summary covers fewer than 20 people: no group is shown');
    expect(within(old).queryByRole('table')).toBeNull();
  });

  it('says when nothing is published yet', async () => {
    mockApi({ 'GET /public/bias-audit': { body: [] } });
    renderPage('/bias-audit', '/bias-audit', <PublicBiasAuditPage />);
    expect(await screen.findByText('No bias audit has been published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
