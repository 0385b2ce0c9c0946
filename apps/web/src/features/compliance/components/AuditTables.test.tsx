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
  suppressed: null,
  ...extra,
});

describe('AuditTable', () => {
  it('flags ratios under 0.8, marks small samples not significant, says excluded, hides empty groups', () => {
    render(
      <AuditTable
        title="Scoring: Sex × race"
        rateLabel="Scoring rate"
        minCell={5}
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

  it('lists the groups hidden so that no one can be singled out, with no number, rate or ratio', () => {
    render(
      <AuditTable
        title="Selection: Race"
        rateLabel="Selection rate"
        minCell={5}
        rows={[
          row('white', 30, 0.5, 1),
          row('asian', null as unknown as number, null, null, { suppressed: 'small' }),
          row('two_or_more', null as unknown as number, null, null, { suppressed: 'small' }),
          row('black_or_african_american', null as unknown as number, null, null, { suppressed: 'complementary' }),
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Selection: Race' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'White3050.0 %1.00Reference',
      'Fewer than 5 each: Asian, Two or more races. No number, rate or ratio, so that no one can be singled out.',
      'Not shown: Black or African American. With the total, their numbers would give a smaller group away.',
    ]);
  });
});
