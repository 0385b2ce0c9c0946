import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditTable } from './AuditTables';

const row = (group: string, n: number, rate: number | null, ratio: number | null, extra = {}) => ({
  group,
  n,
  scoring_rate: rate,
  impact_ratio: ratio,
  excluded: false,
  below_four_fifths: ratio !== null && ratio < 0.8,
  p_value: null as number | null,
  significant: false,
  ...extra,
});

describe('AuditTable', () => {
  it('flags ratios under 0.8, marks small samples not significant, says excluded, hides empty groups', () => {
    render(
      <AuditTable
        title="Scoring: Sex × race"
        rateLabel="Scoring rate"
        rows={[
          row('male|white', 80, 0.6, 1),
          row('female|black_or_african_american', 4, 0.25, 0.4167, { p_value: 0.31 }),
          row('female|white', 40, 0.3, 0.5, { p_value: 0.0034, significant: true }),
          row('male|asian', 1, 1, null, { excluded: true }),
          row('male|two_or_more', 0, null, null, { excluded: true }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Scoring: Sex × race' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Male × White8060.0 %1.00Reference',
      'Female × Black or African American425.0 %0.42Below 0.8Not significant (p = 0.31)',
      'Female × White4030.0 %0.50Below 0.8Significant (p = 0.003)',
      'Male × Asian1100.0 %Excluded (under 2 %)—',
    ]);
  });
});
