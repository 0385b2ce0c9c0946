import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Payout } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { PayoutsPage } from './PayoutsPage';

const empty = { items: [], total: 0, page: 1, page_size: 20 };
const paid: Payout = {
  payout_id: 'p1',
  total: 15,
  items: [{ user_id: 'u1', email: 'ada@example.com', amount: 15, transactions: ['e1'] }],
  skipped: [
    {
      user_id: 'u9',
      reason: 'The account was deleted: its balance stays owed on the books (unclaimed) and is not paid out.',
    },
  ],
};

describe('PayoutsPage', { timeout: 15_000 }, () => {
  it('pays everyone and lists who was left out, with the reason (issue 43 item 1)', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/balances': { body: empty },
      'GET /admin/payouts': { body: empty },
      'POST /admin/payouts': { body: paid },
    });
    renderPage('/admin/payouts', '/admin/payouts', <PayoutsPage />);
    await user.click(await screen.findByRole('button', { name: 'Pay out all available' }));
    await user.click(await screen.findByRole('button', { name: 'Pay out' }));
    expect(await screen.findByText(/Paid \$15\.00 to 1 candidate/)).toBeInTheDocument();
    expect(screen.getByText('Left out: 1 payee.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Payees left out' })).toHaveTextContent(
      'Payee u9: The account was deleted',
    );
  });
});
