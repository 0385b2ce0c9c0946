import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { TaxFormPage } from './TaxFormPage';

const reply = {
  offered_form: 'w9',
  profile: null,
  perjury_statements: { w9: 'Under penalties of perjury, I certify...', w8ben: 'I certify...' },
};

describe('TaxFormPage (issue 43, item 19)', () => {
  it('marks every missing field at once, beside each field, with no "Validation error:" prefix, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /tax-profile': { body: reply } });
    renderPage('/tax-form', '/tax-form', <TaxFormPage />);
    await user.click(await screen.findByRole('button', { name: 'Sign W-9' }));

    for (const [label, message] of [
      ['Legal name (line 1)', 'Enter your legal name'],
      ['Street address', 'Enter the street address'],
      ['City', 'Enter the city'],
      ['Signature (type your legal name)', 'Type your name to sign'],
    ] as const) {
      const field = screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field, label).toHaveAccessibleDescription(message);
    }
    expect(document.body).not.toHaveTextContent('Validation error');
    expect(api.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    // Fixing a field clears its mark only.
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    expect(screen.getByLabelText(/^City/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Street address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's field messages beside their fields", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /tax-profile': { body: reply },
      'PUT /tax-profile': {
        status: 422,
        body: { detail: [{ loc: ['body', 'address', 'postal_code'], msg: 'Enter a U.S. ZIP code', type: 'custom' }] },
      },
    });
    renderPage('/tax-form', '/tax-form', <TaxFormPage />);
    await user.type(await screen.findByLabelText(/^Legal name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^SSN/), '123-45-6789');
    await user.type(screen.getByLabelText(/^Street address/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    await user.type(screen.getByLabelText(/^Postal code/), 'ABC');
    await user.type(screen.getByLabelText(/^Signature/), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Sign W-9' }));
    await waitFor(() => expect(screen.getByLabelText(/^Postal code/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Enter a U.S. ZIP code');
    expect(document.body).not.toHaveTextContent('Validation error');
  });
});
