import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RUBRIC_CRITERIA, type OversightReport } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { OversightPage } from './OversightPage';

beforeEach(() => vi.restoreAllMocks());

describe('OversightPage', () => {
  it('shows the figures per criterion and the rubber-stamping alert', async () => {
    const report: OversightReport = {
      decided: 24,
      overrides: 0,
      override_rate: 0,
      blind: {
        reviewed: 5,
        agreement: RUBRIC_CRITERIA.map((c) => ({
          criterion: c.key,
          n: 5,
          mean_abs_difference: 0.4,
          krippendorff_alpha: 0.827,
        })),
      },
      alerts: [
        { kind: 'rubber_stamping', message: "No reviewer has departed from the AI's recommendation in 24 decisions." },
      ],
    };
    mockApi({
      'GET /admin/oversight': { body: report },
      'GET /admin/jobs': { body: { items: [], total: 0, page: 1, page_size: 100 } },
    });
    renderPage('/admin/oversight', '/admin/oversight', <OversightPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Rubber-stamping? No reviewer has departed');
    expect(screen.getByText('24')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Agreement per criterion' });
    expect(within(table).getAllByText('0.827')).toHaveLength(4);
  });
});
