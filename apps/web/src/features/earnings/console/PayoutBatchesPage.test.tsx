import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PayoutBatch } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { PayoutBatchesPage } from './PayoutBatchesPage';

const BATCH = '11111111-1111-4111-8111-111111111111';
const REQ = '22222222-2222-4222-8222-222222222222';
const batch: PayoutBatch = {
  id: BATCH,
  created_at: '2026-11-20T10:00:00Z',
  total: 1234.5,
  outside_files: false,
  items: [
    {
      request_id: REQ,
      user_id: 'u1',
      email: 'ada@example.com',
      amount: 1234.5,
      status: 'batched',
      rail: 'nacha',
      failure_reason: null,
    },
  ],
  held: [{ request_id: 'r9', user_id: 'u9', reason: 'The payout method changed less than 72 hours ago' }],
};
const calls = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

describe('PayoutBatchesPage', { timeout: 15_000 }, () => {
  it('builds a batch, shows its items and held payees, and marks an item failed with the reason', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/payout-batches': { body: [] },
      'POST /admin/payout-batches': { status: 201, body: batch },
      [`GET /admin/payout-batches/${BATCH}`]: { body: batch },
      [`POST /admin/payout-batches/${BATCH}/items/${REQ}/failed`]: (init) => ({
        body: { ...batch.items[0], status: 'failed', failure_reason: JSON.parse(String(init?.body)).reason },
      }),
    });
    renderPage('/admin/payout-batches', '/admin/payout-batches', <PayoutBatchesPage />);
    await screen.findByText('No payout batches yet.');
    await user.click(screen.getByRole('button', { name: 'Build payout batch' }));

    const items = await screen.findByRole('table', { name: 'Batch items' });
    expect(within(items).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(items).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(items).getByText('nacha')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Held payees' })).toHaveTextContent('changed less than 72 hours ago');

    await user.click(within(items).getByRole('button', { name: 'Mark failed ada@example.com' }));
    await user.type(within(items).getByLabelText('Why the bank returned it'), 'Account closed (R02)');
    await user.click(within(items).getByRole('button', { name: 'Confirm failed' }));
    await waitFor(() => expect(calls(api, 'POST', `/items/${REQ}/failed`)).toHaveLength(1));
    const [, init] = calls(api, 'POST', `/items/${REQ}/failed`)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ reason: 'Account closed (R02)' });
  });

  it("shows the server's 409 when there is nothing to pay", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/payout-batches': { body: [] },
      'POST /admin/payout-batches': { status: 409, body: { detail: 'There are no payout requests to pay' } },
    });
    renderPage('/admin/payout-batches', '/admin/payout-batches', <PayoutBatchesPage />);
    await user.click(await screen.findByRole('button', { name: 'Build payout batch' }));
    expect(await screen.findByText('There are no payout requests to pay')).toBeInTheDocument();
  });

  it('offers the bank files for a batch of the files, and none for a one-click batch paid outside them', async () => {
    const user = userEvent.setup();
    const ONE_CLICK = '33333333-3333-4333-8333-333333333333';
    const oneClick: PayoutBatch = {
      ...batch,
      id: ONE_CLICK,
      outside_files: true,
      items: [{ ...batch.items[0]!, status: 'paid' }],
      held: [],
    };
    const summary = (b: PayoutBatch) => ({
      id: b.id,
      created_at: b.created_at,
      total: b.total,
      item_count: 1,
      paid: 0,
      failed: 0,
    });
    mockApi({
      'GET /admin/payout-batches': {
        body: [summary(batch), { ...summary(oneClick), created_at: '2026-11-21T10:00:00Z' }],
      },
      [`GET /admin/payout-batches/${BATCH}`]: { body: batch },
      [`GET /admin/payout-batches/${ONE_CLICK}`]: { body: oneClick },
    });
    renderPage('/admin/payout-batches', '/admin/payout-batches', <PayoutBatchesPage />);
    const opens = await screen.findAllByRole('button', { name: /^Open batch of/ });
    await user.click(opens[0]!);
    expect(await screen.findByRole('button', { name: 'NACHA file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'pain.001 file' })).toBeInTheDocument();

    await user.click(opens[1]!);
    expect(
      await screen.findByText(/Paid outside the bank files \(a one-click payout\): no bank file/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'NACHA file' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'pain.001 file' })).not.toBeInTheDocument();
  });
});
