import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Dispute } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { DisputesPage } from './DisputesPage';

const dispute: Dispute = {
  id: 'd1',
  task_id: 't1',
  task_name: 'Label 40 photos',
  job_title: 'Photo labelling',
  user_id: 'u1',
  email: 'ada@example.com',
  amount: 12,
  rejection_reason: 'Half the labels were wrong',
  reason: 'The guide allowed both labels',
  status: 'open',
  resolution: null,
  created_at: '2026-11-20T10:00:00Z',
  resolved_at: null,
};

describe('DisputesPage', { timeout: 15_000 }, () => {
  it('lists open disputes and resolves one with the chosen outcome and reason', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/disputes': { body: [dispute] },
      'POST /admin/disputes/d1/resolve': (init) => ({
        body: { ...dispute, status: JSON.parse(String(init?.body)).outcome, resolution: 'done' },
      }),
    });
    renderPage('/admin/disputes', '/admin/disputes', <DisputesPage />);
    const table = await screen.findByRole('table', { name: 'Disputes' });
    expect(within(table).getByText('The guide allowed both labels')).toBeInTheDocument();
    expect(String(api.mock.calls[0]![0])).toMatch(/\/admin\/disputes\?status=open$/);

    await user.click(within(table).getByRole('button', { name: /Resolve dispute of ada@example.com/ }));
    await user.selectOptions(within(table).getByLabelText('Outcome'), 'overturned');
    await user.type(within(table).getByLabelText('Reason'), 'The guide did allow both');
    await user.click(within(table).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(
        api.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init!.body))),
      ).toEqual([{ outcome: 'overturned', reason: 'The guide did allow both' }]),
    );
  });
});
