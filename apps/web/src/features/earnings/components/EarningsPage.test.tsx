import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { payoutSchedule } from '../../../test/payout-schedule';
import { formatDate } from '../../../lib/format';
import { EarningsPage } from './EarningsPage';

describe('EarningsPage', () => {
  it('shows the summary, the transactions and the payment settings', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /earnings/user/u1/summary': {
        body: { total_earnings: 1234.5, pending_payout: 7.25, available_balance: 30 },
      },
      'GET /payout-method': {
        body: {
          method: {
            type: 'us_bank',
            account_holder: 'Ada Lovelace',
            bank_name: 'First Test Bank',
            last4: '6789',
            changed_at: '2026-03-01T10:00:00Z',
            payouts_held_until: null,
          },
        },
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
            id: 'e4',
            amount: 12,
            task_name: 'Rate logo',
            job_title: 'Poster Critic',
            created_at: '2026-02-20T10:00:00Z',
            status: 'available',
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

    const [pending, available, paid] = screen.getAllByTestId('transaction');
    // Approved and waiting for the payout: Available, not Pending (issue 34).
    expect(within(available!).getByText('Available')).toHaveAttribute('data-color', 'blue');
    expect(within(available!).queryByText('Pending')).toBeNull();
    expect(within(pending!).getByText('Rate poster - Poster Critic')).toBeInTheDocument();
    expect(within(pending!).getByText('+$7.25')).toBeInTheDocument();
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(within(paid!).getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Statement' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Payment Settings' }));
    expect(await screen.findByRole('button', { name: 'Update Bank Account' })).toBeInTheDocument();
    expect(screen.getByTestId('payout-method')).toHaveTextContent('•••• 6789');
    expect(screen.getByTestId('payout-method')).toHaveTextContent('First Test Bank');
    expect(screen.getByText(/^Bi-weekly Payouts:/).parentElement).toHaveTextContent(
      'Bi-weekly Payouts: You receive payouts every 2 weeks on Mondays',
    );
  });

  it('tells money in review from money requested: the date only for the first, the payout day for the second', async () => {
    mockApi({
      'GET /earnings/user/u1/summary': {
        body: { total_earnings: 18, pending_payout: 25.3, requested_payout: 18, available_balance: 0 },
      },
      'GET /earnings/user/u1/transactions': {
        body: [
          {
            id: 'e9',
            amount: 18,
            task_name: 'Rate logo',
            job_title: 'Poster Critic',
            created_at: '2026-02-20T10:00:00Z',
            status: 'available',
            rejection_reason: null,
            payout: 'requested',
          },
        ],
      },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    const weekAhead = formatDate(new Date(Date.now() + 7 * 24 * 3_600_000));
    expect(await screen.findByText(`$7.30 in review: Available on ${weekAhead}`)).toBeInTheDocument();
    expect(screen.getByText('$18.00 requested: paid on the next payout day')).toBeInTheDocument();
    // The earning a request holds is no longer called Available.
    const row = screen.getByTestId('transaction');
    expect(within(row).getByText('Requested')).toHaveAttribute('data-color', 'yellow');
    expect(within(row).queryByText('Available')).toBeNull();
  });

  it('says nothing of a review date when all that is pending was requested', async () => {
    mockApi({
      'GET /earnings/user/u1/summary': {
        body: { total_earnings: 18, pending_payout: 18, requested_payout: 18, available_balance: 0 },
      },
      'GET /earnings/user/u1/transactions': { body: [] },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    expect(await screen.findByText('$18.00 requested: paid on the next payout day')).toBeInTheDocument();
    expect(screen.queryByText(/Available on /)).toBeNull();
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
    // Nothing waits for review: no 'Available on' date under Pending Payment (issue 34).
    expect(screen.queryByText(/^Available on /)).toBeNull();
  });

  it('says Failed to load earnings when a call fails', async () => {
    mockApi({
      'GET /earnings/user/u1/summary': { status: 500, body: {} },
      'GET /earnings/user/u1/transactions': { body: [] },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    expect(await screen.findByText('Failed to load earnings')).toBeInTheDocument();
  });

  it('requests a payout with an Idempotency-Key, shows the reason on 409, and lists the payouts', async () => {
    const user = userEvent.setup();
    let presses = 0;
    const fetchMock = mockApi({
      'GET /earnings/user/u1/summary': { body: { total_earnings: 100, pending_payout: 0, available_balance: 25 } },
      'GET /earnings/user/u1/transactions': { body: [] },
      'GET /earnings/user/u1/payouts': {
        body: payoutSchedule({ hours: 12.5, earned: 187.5 }),
      },
      'POST /payout-requests': () =>
        ++presses === 1
          ? { status: 409, body: { detail: 'Onboarding items missing: tax form, payout method' } }
          : {
              status: 201,
              body: {
                id: 'p1',
                amount: 25,
                status: 'requested',
                created_at: '2026-03-10T10:00:00Z',
                paid_at: null,
                failed_at: null,
                failure_reason: null,
              },
            },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);

    const row = await screen.findByTestId('payout-row');
    expect(within(row).getByText('Contracts')).toBeInTheDocument();
    expect(within(row).getByText('12.5')).toBeInTheDocument();
    expect(within(row).getByText('40')).toBeInTheDocument();
    expect(within(row).getByText('$187.50')).toBeInTheDocument();
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-03-15T12:00:00Z'))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(screen.getByTestId('next-payout')).toHaveTextContent(zone);

    await user.click(screen.getByRole('button', { name: 'Request Payout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Onboarding items missing: tax form, payout method');
    await user.click(screen.getByRole('button', { name: 'Request Payout' }));
    expect(await screen.findByText('Payout of $25.00 requested')).toBeInTheDocument();

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => (init?.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // A new press is a new request: a new key.
    expect(keys[1]).not.toBe(keys[0]);
    // The summary is asked again after the payout is requested.
    const summaryGets = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/summary'));
    expect(summaryGets.length).toBeGreaterThan(1);
  });

  it("lists the payee's payout requests, a failure with its reason, and each week's status", async () => {
    const request = (id: string, status: string, extra: Record<string, unknown>) => ({
      id,
      amount: 25,
      status,
      created_at: '2026-03-10T10:00:00Z',
      paid_at: null,
      failed_at: null,
      failure_reason: null,
      ...extra,
    });
    mockApi({
      'GET /earnings/user/u1/summary': { body: { total_earnings: 50, pending_payout: 0, available_balance: 25 } },
      'GET /earnings/user/u1/transactions': { body: [] },
      'GET /earnings/user/u1/payouts': {
        body: payoutSchedule({ hours: 1, earned: 25, status: 'paid' }),
      },
      'GET /payout-requests': {
        body: [
          request('p2', 'failed', { failed_at: '2026-03-12T10:00:00Z', failure_reason: 'R02 account closed' }),
          request('p1', 'paid', { paid_at: '2026-03-11T10:00:00Z' }),
        ],
      },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);

    const [failed, paid] = await screen.findAllByTestId('payout-request');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Reason: R02 account closed. The amount is back in your available balance.');
    expect(paid).toHaveTextContent('Paid');
    expect(within(screen.getByTestId('payout-row')).getByText('Paid')).toBeInTheDocument();
  });

  it("disputes a rejected task, shows the server's reason on 409 and lists the disputes' status", async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      'GET /earnings/user/u1/summary': { body: { total_earnings: 0, pending_payout: 0, available_balance: 0 } },
      'GET /earnings/user/u1/transactions': {
        body: [
          {
            id: 'e3',
            task_id: '7f0c6b1e-2a4d-4c59-9d7e-0a1b2c3d4e5f',
            amount: 4.5,
            task_name: 'Rate poster',
            job_title: 'Poster Critic',
            created_at: '2026-03-04T10:00:00Z',
            status: 'rejected',
            rejection_reason: 'Too fast.',
          },
        ],
      },
      'GET /disputes': {
        body: [
          {
            id: 'd1',
            task_id: 'x',
            task_name: 'Rate logo',
            job_title: 'Poster Critic',
            user_id: 'u1',
            email: 'ada@example.com',
            amount: 3,
            rejection_reason: 'Off topic',
            reason: 'I looked at it closely',
            status: 'overturned',
            resolution: 'The rating was fine.',
            created_at: '2026-03-01T10:00:00Z',
            resolved_at: '2026-03-02T10:00:00Z',
          },
        ],
      },
      'POST /disputes': { status: 409, body: { detail: 'The dispute window of 7 days has passed' } },
    });
    renderPage('/earnings', '/earnings', <EarningsPage />);
    const row = await screen.findByTestId('transaction');
    await user.click(within(row).getByRole('button', { name: 'Dispute' }));
    await user.type(within(row).getByLabelText('Why should this be reviewed again?'), 'I rated it carefully');
    await user.click(within(row).getByRole('button', { name: 'Send dispute' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('The dispute window of 7 days has passed');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      task_id: '7f0c6b1e-2a4d-4c59-9d7e-0a1b2c3d4e5f',
      reason: 'I rated it carefully',
    });
    const dispute = screen.getByTestId('dispute');
    expect(within(dispute).getByText('Overturned')).toHaveAttribute('data-color', 'green');
    expect(within(dispute).getByText('The rating was fine.')).toBeInTheDocument();
  });
});
