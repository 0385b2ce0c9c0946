import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { SelfIdentificationForm } from './SelfIdentificationForm';

const writes = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === 'PUT' || init?.method === 'DELETE')
    .map(([url, init]) => [
      init!.method,
      new URL(String(url), 'http://x').pathname,
      init!.body ? JSON.parse(String(init!.body)) : null,
    ]);
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value);

describe('SelfIdentificationForm', { timeout: 15_000 }, () => {
  it('is clearly optional and offers exactly the EEO-1 categories, each with a way to decline', async () => {
    mockApi({ 'GET /self-identification': { body: null } });
    renderPage('/', '/', <SelfIdentificationForm />);
    const group = screen.getByRole('group', { name: 'Voluntary self-identification' });
    expect(group).toHaveTextContent(/^Optional\./);
    expect(group).toHaveTextContent('never shown to the people who review them');
    expect(group).toHaveTextContent('never affects an application');
    expect(optionsOf(screen.getByLabelText('Sex'))).toEqual(['', 'female', 'male', 'decline']);
    expect(optionsOf(screen.getByLabelText('Race / ethnicity'))).toEqual([
      '',
      'hispanic_or_latino',
      'white',
      'black_or_african_american',
      'asian',
      'native_hawaiian_or_pacific_islander',
      'american_indian_or_alaska_native',
      'two_or_more',
      'decline',
    ]);
    expect(
      within(screen.getByLabelText('Sex')).getByRole('option', { name: 'I decline to self-identify' }),
    ).toBeTruthy();
    // Nothing is chosen for the candidate, and there is nothing to remove.
    expect(screen.getByLabelText('Sex')).toHaveValue('');
    expect(screen.getByLabelText('Race / ethnicity')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove my answer' })).toBeNull();
    // It never submits a form it sits in (the onboarding wizard).
    for (const b of screen.getAllByRole('button')) expect(b).toHaveAttribute('type', 'button');
  });

  it('saves both answers with PUT, then removes them with DELETE', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const api = mockApi({
      'GET /self-identification': { body: null },
      'PUT /self-identification': (init) => ({
        body: { ...JSON.parse(String(init?.body)), updated_at: '2026-11-25T10:00:00Z' },
      }),
      'DELETE /self-identification': { body: null },
    });
    renderPage('/', '/', <SelfIdentificationForm onDone={onDone} />);
    const save = screen.getByRole('button', { name: 'Save my answer' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Sex'), 'female');
    expect(save).toBeDisabled(); // both, or neither
    await user.selectOptions(screen.getByLabelText('Race / ethnicity'), 'decline');
    await user.click(save);
    expect(await screen.findByText('Saved. Thank you.')).toBeInTheDocument();
    expect(writes(api)).toEqual([['PUT', '/api/self-identification', { sex: 'female', race_ethnicity: 'decline' }]]);
    expect(onDone).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Remove my answer' }));
    expect(await screen.findByText('Removed.')).toBeInTheDocument();
    expect(writes(api).at(-1)).toEqual(['DELETE', '/api/self-identification', null]);
    expect(screen.getByLabelText('Sex')).toHaveValue('');
    expect(screen.getByLabelText('Race / ethnicity')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove my answer' })).toBeNull();
  });

  it("shows the saved answer, and the server's detail when a save is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /self-identification': {
        body: { sex: 'male', race_ethnicity: 'asian', updated_at: '2026-11-01T10:00:00Z' },
      },
      'PUT /self-identification': {
        status: 422,
        body: { detail: 'race_ethnicity must be one of: hispanic_or_latino, white' },
      },
    });
    renderPage('/', '/', <SelfIdentificationForm />);
    await waitFor(() => expect(screen.getByLabelText('Sex')).toHaveValue('male'));
    expect(screen.getByLabelText('Race / ethnicity')).toHaveValue('asian');
    expect(screen.getByRole('button', { name: 'Remove my answer' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Race / ethnicity'), 'white');
    await user.click(screen.getByRole('button', { name: 'Save my answer' }));
    expect(await screen.findByText('race_ethnicity must be one of: hispanic_or_latino, white')).toBeInTheDocument();
    expect(screen.queryByText('Saved. Thank you.')).toBeNull();
  });
});
