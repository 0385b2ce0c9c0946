import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAlternative } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { AlternativesPage } from './AlternativesPage';

const requested: AdminAlternative = {
  id: 'a1',
  status: 'requested',
  reason: 'I have a stammer and would rather be assessed by a person',
  job_id: 'j1',
  job_title: 'Illustrator',
  candidate_id: 'u1',
  candidate_name: 'Ada Lovelace',
  candidate_email: 'ada@example.com',
  interview_id: 'i1',
  note: null,
  created_at: '2026-11-20T10:00:00Z',
  resolved_at: null,
};
const resolved: AdminAlternative = {
  ...requested,
  id: 'a2',
  candidate_id: 'u2',
  candidate_name: null,
  candidate_email: 'bob@example.com',
  job_title: null,
  interview_id: null,
  reason: 'Prefer a person',
  status: 'resolved',
  note: 'Two reviewers scored the recording',
  resolved_at: '2026-11-21T09:00:00Z',
};
const posts = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [new URL(String(url), 'http://x').pathname, JSON.parse(String(init!.body))]);

describe('AlternativesPage', { timeout: 15_000 }, () => {
  it('lists the requests with who, which job, why and the state, and resolves one with the note', async () => {
    const user = userEvent.setup();
    let current = [requested, resolved];
    const api = mockApi({
      'GET /admin/alternative-assessments': () => ({ body: current }),
      'POST /admin/alternative-assessments/a1/resolve': (init) => {
        const note = JSON.parse(String(init?.body)).note as string;
        current = [{ ...requested, status: 'resolved', note, resolved_at: '2026-11-22T09:00:00Z' }, resolved];
        return { body: current[0] };
      },
    });
    renderPage('/admin/alternatives', '/admin/alternatives', <AlternativesPage />);

    const ada = await screen.findByRole('listitem', { name: 'Request from Ada Lovelace' });
    expect(ada).toHaveTextContent('Ada Lovelace · Illustrator');
    expect(ada).toHaveTextContent('I have a stammer and would rather be assessed by a person');
    expect(ada).toHaveTextContent('Requested');
    expect(within(ada).getByRole('link', { name: 'Open the interview' })).toHaveAttribute(
      'href',
      '/admin/interviews/i1',
    );
    // Without a name the e-mail stands in; a removed job says so; a resolved one shows its note, no form.
    const bob = screen.getByRole('listitem', { name: 'Request from bob@example.com' });
    expect(bob).toHaveTextContent('bob@example.com · a removed job');
    expect(bob).toHaveTextContent('Resolved');
    expect(bob).toHaveTextContent('Note: Two reviewers scored the recording');
    expect(within(bob).queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(within(bob).queryByRole('link')).toBeNull();

    const resolve = within(ada).getByRole('button', { name: 'Resolve' });
    expect(resolve).toBeDisabled(); // no note, no resolution
    await user.type(within(ada).getByLabelText('Resolution note'), '  Assessed by two reviewers from the recording ');
    expect(resolve).toBeEnabled();
    await user.click(resolve);
    await waitFor(() =>
      expect(posts(api)).toEqual([
        ['/api/admin/alternative-assessments/a1/resolve', { note: 'Assessed by two reviewers from the recording' }],
      ]),
    );
    // The list is fetched again and shows the request resolved with its note.
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Request from Ada Lovelace' })).toHaveTextContent(
        'Note: Assessed by two reviewers from the recording',
      ),
    );
    expect(
      within(screen.getByRole('listitem', { name: 'Request from Ada Lovelace' })).queryByLabelText('Resolution note'),
    ).toBeNull();
  });

  it("shows the server's 4xx detail when resolving is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/alternative-assessments': { body: [requested] },
      'POST /admin/alternative-assessments/a1/resolve': {
        status: 409,
        body: { detail: 'This request is already resolved' },
      },
    });
    renderPage('/admin/alternatives', '/admin/alternatives', <AlternativesPage />);
    const ada = await screen.findByRole('listitem', { name: 'Request from Ada Lovelace' });
    await user.type(within(ada).getByLabelText('Resolution note'), 'Done');
    await user.click(within(ada).getByRole('button', { name: 'Resolve' }));
    expect(await within(ada).findByText('This request is already resolved')).toBeInTheDocument();
  });

  it('says so when no one has asked, and shows a failed load', async () => {
    mockApi({ 'GET /admin/alternative-assessments': { body: [] } });
    const view = renderPage('/admin/alternatives', '/admin/alternatives', <AlternativesPage />);
    expect(await screen.findByText('No candidate has asked for a human-only assessment.')).toBeInTheDocument();
    view.unmount();
    mockApi({ 'GET /admin/alternative-assessments': { status: 403, body: { detail: 'Admins only' } } });
    renderPage('/admin/alternatives', '/admin/alternatives', <AlternativesPage />);
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });
});
