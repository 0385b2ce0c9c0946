import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { EarningsPage } from './EarningsPage';

const EARNINGS = {
  'GET /earnings/user/u1/summary': { body: { total_earnings: 0, pending_payout: 0, available_balance: 0 } },
  'GET /earnings/user/u1/transactions': { body: [] },
};

describe('Payment Settings', () => {
  it('opens from ?tab=settings, saves a bank account with the password and shows last4 and the hold', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const api = mockApi({
      ...EARNINGS,
      'GET /payout-method': { body: { method: null } },
      'PUT /payout-method': (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          body: {
            method: {
              type: 'iban',
              account_holder: 'Ada Lovelace',
              bank_name: 'Commerzbank',
              last4: '3000',
              changed_at: '2026-03-01T10:00:00Z',
              payouts_held_until: '2026-03-04T10:00:00Z',
            },
          },
        };
      },
    });
    renderPage('/earnings?tab=settings', '/earnings', <EarningsPage />);
    expect(await screen.findByText('No bank account yet. Add one to receive payouts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Bank Account' }));
    await user.click(screen.getByRole('radio', { name: 'IBAN (SEPA)' }));
    await user.type(screen.getByLabelText(/Account holder/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Bank name/), 'Commerzbank');
    await user.type(screen.getByRole('textbox', { name: /^IBAN/ }), 'DE89370400440532013000');
    await user.type(screen.getByLabelText(/^BIC/), 'COBADEFFXXX');
    await user.type(screen.getByLabelText(/Current password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByTestId('payout-method')).toHaveTextContent('•••• 3000');
    expect(sent).toEqual({
      type: 'iban',
      account_holder: 'Ada Lovelace',
      bank_name: 'Commerzbank',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      current_password: 'secret123',
    });
    expect(screen.getByText(/payouts to this account wait until/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('DE89370400440532013000');
    expect(api).toHaveBeenCalled();
  });

  it("shows the server's reason when the account is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      ...EARNINGS,
      'GET /payout-method': { body: { method: null } },
      'PUT /payout-method': {
        status: 422,
        body: { detail: 'The account number cannot be all zeros' },
      },
    });
    renderPage('/earnings?tab=settings', '/earnings', <EarningsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Bank Account' }));
    await user.type(screen.getByLabelText(/Account holder/), 'Ada');
    await user.type(screen.getByLabelText(/Bank name/), 'Bank');
    await user.type(screen.getByLabelText(/Routing number/), '011000015');
    await user.type(screen.getByLabelText(/Account number/), '000000000');
    await user.type(screen.getByLabelText(/Current password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/account number cannot be all zeros/);
  });

  it.each([
    ['000000000', 'The routing number cannot be all zeros'],
    ['001000012', 'A routing number cannot start with 00'],
  ])('marks the routing number %s on its field and sends nothing', async (routing, message) => {
    const user = userEvent.setup();
    let sent = false;
    mockApi({
      ...EARNINGS,
      'GET /payout-method': { body: { method: null } },
      'PUT /payout-method': () => {
        sent = true;
        return { status: 422, body: { detail: `${message}.` } };
      },
    });
    renderPage('/earnings?tab=settings', '/earnings', <EarningsPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Bank Account' }));
    await user.type(screen.getByLabelText(/Account holder/), 'Ada');
    await user.type(screen.getByLabelText(/Bank name/), 'Bank');
    await user.type(screen.getByLabelText(/Routing number/), routing);
    await user.type(screen.getByLabelText(/Account number/), '000123456789');
    await user.type(screen.getByLabelText(/Current password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    const field = screen.getByLabelText(/Routing number/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(`^${message}`));
    expect(sent).toBe(false);
  });
});
