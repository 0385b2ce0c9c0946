import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { WebhooksPage } from './WebhooksPage';

const endpoint: WebhookEndpoint = {
  id: 'e1',
  url: 'https://hooks.example.com/tm',
  events: ['interview.completed', 'decision.made'],
  created_at: '2026-11-20T10:00:00Z',
  failing_since: null,
  disabled_at: null,
  disabled_reason: null,
};
const delivery: WebhookDelivery = {
  id: 'd1',
  event_id: 'evt_1',
  event_type: 'decision.made',
  status: 'failed',
  attempts: 3,
  response_code: 500,
  duration_ms: 42,
  error: 'The endpoint answered 500',
  last_attempt_at: '2026-11-20T11:00:00Z',
  next_attempt_at: null,
  replay_of: null,
  created_at: '2026-11-20T10:00:00Z',
  attempt_log: [],
  payload: {},
};
const calls = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).endsWith(path));

afterEach(() => vi.unstubAllGlobals());

describe('WebhooksPage', { timeout: 15_000 }, () => {
  it('adds an endpoint with its events and shows the secret once', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/webhooks': { body: [] },
      'POST /admin/webhooks': { status: 201, body: { id: 'e2', secret: 'whsec_abc123' } },
    });
    renderPage('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Add endpoint' });
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example.com/tm');
    await user.click(screen.getByRole('checkbox', { name: 'interview.completed' }));
    await user.click(screen.getByRole('checkbox', { name: 'decision.made' }));
    await user.click(add);

    await waitFor(() => expect(calls(api, 'POST', '/admin/webhooks')).toHaveLength(1));
    expect(JSON.parse(String(calls(api, 'POST', '/admin/webhooks')[0]![1]!.body))).toEqual({
      url: 'https://hooks.example.com/tm',
      events: ['interview.completed', 'decision.made'],
    });
    expect(await screen.findByLabelText('Signing secret')).toHaveTextContent('whsec_abc123');
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('whsec_abc123')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a private address", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/webhooks': { body: [] },
      'POST /admin/webhooks': {
        status: 422,
        body: {
          detail:
            'The host 10.0.0.5 resolves to a private, loopback or link-local address; webhooks go to public addresses only.',
        },
      },
    });
    renderPage('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);
    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://10.0.0.5/x');
    await user.click(screen.getByRole('checkbox', { name: 'payout.paid' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/private, loopback or link-local/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
  });

  it('opens the delivery log, replays a delivery and deletes the endpoint after confirming', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/webhooks': { body: [{ ...endpoint, failing_since: '2026-11-20T10:00:00Z' }] },
      'GET /admin/webhooks/e1/deliveries': { body: [delivery] },
      'POST /admin/webhooks/e1/deliveries/d1/replay': {
        status: 201,
        body: { ...delivery, id: 'd2', replay_of: 'd1', status: 'pending' },
      },
      'DELETE /admin/webhooks/e1': { body: null },
    });
    renderPage('/admin/webhooks', '/admin/webhooks', <WebhooksPage />);
    const table = await screen.findByRole('table', { name: 'Webhook endpoints' });
    expect(within(table).getByText('Failing')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: `Deliveries of ${endpoint.url}` }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const row = within(log).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('decision.made');
    expect(row).toHaveTextContent('failed');
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('The endpoint answered 500');
    await user.click(within(row).getByRole('button', { name: 'Replay decision.made evt_1' }));
    await waitFor(() => expect(calls(api, 'POST', '/admin/webhooks/e1/deliveries/d1/replay')).toHaveLength(1));

    await user.click(within(table).getByRole('button', { name: `Delete ${endpoint.url}` }));
    expect(calls(api, 'DELETE', '/admin/webhooks/e1')).toHaveLength(0);
    await user.click(within(table).getByRole('button', { name: `Confirm deleting ${endpoint.url}` }));
    await waitFor(() => expect(calls(api, 'DELETE', '/admin/webhooks/e1')).toHaveLength(1));
  });
});
