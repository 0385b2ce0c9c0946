import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Form1099NecReply } from '@app/shared';
import { mockApi, renderPage, stubFileSave } from '../../../test/page-harness';
import { Form1099NecPage } from './Form1099NecPage';

const lastYear = new Date().getFullYear() - 1;
const reply: Form1099NecReply = {
  year: lastYear,
  threshold: 2000,
  payees: [
    {
      user_id: 'u1',
      legal_name: 'Ada Lovelace',
      business_name: 'Analytical Engines LLC',
      tin_type: 'ssn',
      tin_last4: '6788',
      address: { line1: '1 Main Street', city: 'Springfield', region: 'IL', postal_code: '62701', country: 'US' },
      total: 2500.5,
    },
  ],
};
const urls = (api: ReturnType<typeof mockApi>) => api.mock.calls.map(([url]) => String(url));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Form1099NecPage', { timeout: 15_000 }, () => {
  it("shows last year's payees with the threshold, the TIN's last four only, and the money formatted", async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /admin/tax/1099-nec': { body: reply } });
    renderPage('/admin/1099-nec', '/admin/1099-nec', <Form1099NecPage />);

    const table = await screen.findByRole('table', { name: `1099-NEC payees ${lastYear}` });
    expect(urls(api).some((u) => u.endsWith(`/admin/tax/1099-nec?year=${lastYear}`))).toBe(true);
    expect(screen.getByLabelText('Tax year')).toHaveValue(String(lastYear));
    expect(screen.getByTestId('nec-threshold')).toHaveTextContent(`at least $2,000.00 in ${lastYear}`);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Analytical Engines LLC');
    expect(row).toHaveTextContent('SSN •••• 6788');
    expect(row).toHaveTextContent('Springfield, IL 62701');
    expect(row).toHaveTextContent('$2,500.50');

    await user.selectOptions(screen.getByLabelText('Tax year'), String(lastYear - 1));
    await waitFor(() =>
      expect(urls(api).some((u) => u.endsWith(`/admin/tax/1099-nec?year=${lastYear - 1}`))).toBe(true),
    );
  });

  it('downloads the CSV of the chosen year with the bearer token, and says why when it is refused', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /admin/tax/1099-nec': { body: { ...reply, payees: [] } } });
    const { click, createObjectURL } = stubFileSave();
    renderPage('/admin/1099-nec', '/admin/1099-nec', <Form1099NecPage />);
    expect(await screen.findByText(`No payee reached the threshold in ${lastYear}.`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const csvCall = api.mock.calls.find(([url]) => String(url).includes('format=csv'))!;
    expect(String(csvCall[0])).toContain(`/admin/tax/1099-nec?year=${lastYear}&format=csv`);
    expect(new Headers(csvCall[1]?.headers).get('authorization')).toBe('Bearer t');

    mockApi({
      'GET /admin/tax/1099-nec': { status: 422, body: { detail: 'year must be 2000 or later' } },
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('year must be 2000 or later');
  });
});
