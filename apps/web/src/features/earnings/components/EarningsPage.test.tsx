import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { formatDate } from '../../../lib/format';
import { EarningsPage } from './EarningsPage';

describe('EarningsPage', () => {
  it('shows the summary, the transactions and the payment settings', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /earnings/user/u1/summary': {
        body: { total_earnings: 1234.5, pending_payout: 7.25, available_balance: 30 },
      },
      'GET /earnings/user/u1/transactions': {
        body: [
          {
            id: 'e1',
            amount: 7.25,
            task_name: 'Rate poster',
            job_title: 'Poster Critic',
            created_at: '2026-03-04T10:00:00Z',
            status: 'pending',
          },
          {
            id: 'e2',
            amount: 30,
            task_name: 'Rate reel',
            job_title: 'Motion',
            created_at: '2026-02-01T10:00:00Z',
            status: 'paid',
          },
        ],
      },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    expect(screen.getByText('Loading earnings...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Earnings' })).toBeInTheDocument();
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$7.25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Payout' })).toBeInTheDocument();
    const weekAhead = formatDate(new Date(Date.now() + 7 * 24 * 3_600_000));
    expect(screen.getByText(`Available on ${weekAhead}`)).toBeInTheDocument();

    const [pending, paid] = screen.getAllByTestId('transaction');
    expect(within(pending!).getByText('Rate poster - Poster Critic')).toBeInTheDocument();
    expect(within(pending!).getByText('+$7.25')).toBeInTheDocument();
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(within(paid!).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Statement' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payment Settings' }));
    expect(screen.getByRole('button', { name: 'Update Bank Account' })).toBeInTheDocument();
    expect(screen.getByText(/^Bi-weekly Payouts:/).parentElement).toHaveTextContent(
      'Bi-weekly Payouts: You receive payouts every 2 weeks on Mondays',
    );
  });

  it("shows a rejected earning as rejected, with the provider's reason", async () => {
    mockApi({
      'GET /earnings/user/u1/summary': { body: { total_earnings: 0, pending_payout: 0, available_balance: 0 } },
      'GET /earnings/user/u1/transactions': {
        body: [
          {
            id: 'e3',
            amount: 4.5,
            task_name: 'Rate poster',
            job_title: 'Poster Critic',
            created_at: '2026-03-04T10:00:00Z',
            status: 'rejected',
            rejection_reason: 'The poster was rated without looking at it.',
          },
        ],
      },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    const row = await screen.findByTestId('transaction');
    expect(within(row).getByText('Rejected')).toHaveAttribute('data-color', 'red');
    expect(within(row).getByText('Reason: The poster was rated without looking at it.')).toBeInTheDocument();
    expect(within(row).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('says Failed to load earnings when a call fails', async () => {
    mockApi({
      'GET /earnings/user/u1/summary': { status: 500, body: {} },
      'GET /earnings/user/u1/transactions': { body: [] },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    expect(await screen.findByText('Failed to load earnings')).toBeInTheDocument();
  });
});
