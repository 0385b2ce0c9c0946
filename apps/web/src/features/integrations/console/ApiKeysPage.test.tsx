import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { ApiKeysPage } from './ApiKeysPage';

const key: ApiKey = {
  id: 'k1',
  name: 'Greenhouse',
  prefix: 'tm_AbC123',
  scopes: ['read:interviews'],
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: null,
  revoked_at: null,
};
const calls = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).endsWith(path));

afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysPage', { timeout: 15_000 }, () => {
  it('creates a named, scoped key and shows it once', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/api-keys': { body: [] },
      'POST /admin/api-keys': { status: 201, body: { id: 'k2', key: 'tm_secretvalue' } },
    });
    renderPage('/admin/api-keys', '/admin/api-keys', <ApiKeysPage />);
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'ATS sync');
    await user.click(screen.getByRole('checkbox', { name: 'read:interviews' }));
    await user.click(screen.getByRole('checkbox', { name: 'write:invitations' }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(calls(api, 'POST', '/admin/api-keys')).toHaveLength(1));
    expect(JSON.parse(String(calls(api, 'POST', '/admin/api-keys')[0]![1]!.body))).toEqual({
      name: 'ATS sync',
      scopes: ['read:interviews', 'write:invitations'],
    });
    expect(await screen.findByLabelText('API key')).toHaveTextContent('tm_secretvalue');
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('tm_secretvalue')).not.toBeInTheDocument();
  });

  it('lists keys by prefix with their last use, and revokes one after confirming', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/api-keys': {
        body: [
          key,
          { ...key, id: 'k0', name: 'Old', last_used_at: '2026-11-21T09:00:00Z', revoked_at: '2026-11-22T09:00:00Z' },
        ],
      },
      'DELETE /admin/api-keys/k1': { body: null },
    });
    renderPage('/admin/api-keys', '/admin/api-keys', <ApiKeysPage />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('tm_AbC123');
    expect(first).toHaveTextContent('Never');
    expect(second).toHaveTextContent(/Revoked/);
    expect(within(second!).queryByRole('button', { name: 'Revoke Old' })).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Revoke Greenhouse' }));
    await user.click(within(first!).getByRole('button', { name: 'Confirm revoking Greenhouse' }));
    await waitFor(() => expect(calls(api, 'DELETE', '/admin/api-keys/k1')).toHaveLength(1));
  });
});
