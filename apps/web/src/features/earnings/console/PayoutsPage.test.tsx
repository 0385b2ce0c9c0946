import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Payout } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { PayoutsPage } from './PayoutsPage';

const page = { items: [], total: 0, page: 1, page_size: 20 };

describe('PayoutsPage', { timeout: 15_000 }, () => {
  it('names the payees a one-click payout held back because their payout method changed recently', async () => {
    const user = userEvent.setup();
    const reply: Payout = {
      payout_id: null,
      total: 0,
      items: [],
      held: [{ user_id: 'u1', email: 'ada@example.com', reason: 'The payout method changed recently.' }],
    };
    mockApi({
      'GET /admin/balances': { body: page },
      'GET /admin/payouts': { body: page },
      'POST /admin/payouts': { body: reply },
    });
    renderPage('/admin/payouts', '/admin/payouts', <PayoutsPage />);
    await user.click(await screen.findByRole('button', { name: 'Pay out all available' }));
    await user.click(await screen.findByRole('button', { name: 'Pay out' }));
    expect(await screen.findByRole('list', { name: 'Held payees' })).toHaveTextContent(
      'ada@example.com: The payout method changed recently.',
    );
    expect(screen.getByText('Nothing was available to pay.')).toBeInTheDocument();
  });

  it('pays everyone else and names a deleted account left out, with the reason (issue 43 item 1)', async () => {
    const user = userEvent.setup();
    const reason = 'The account was deleted: its balance stays owed on the books (unclaimed) and is not paid out.';
    const reply: Payout = {
      payout_id: 'p1',
      total: 15,
      items: [{ user_id: 'u1', email: 'ada@example.com', amount: 15, transactions: ['e1'] }],
      held: [{ user_id: 'u9', email: '', reason }],
    };
    mockApi({
      'GET /admin/balances': { body: page },
      'GET /admin/payouts': { body: page },
      'POST /admin/payouts': { body: reply },
    });
    renderPage('/admin/payouts', '/admin/payouts', <PayoutsPage />);
    await user.click(await screen.findByRole('button', { name: 'Pay out all available' }));
    await user.click(await screen.findByRole('button', { name: 'Pay out' }));
    expect(await screen.findByText(/Paid \$15\.00 to 1 candidate/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Held payees' })).toHaveTextContent(`u9: ${reason}`);
  });
});
