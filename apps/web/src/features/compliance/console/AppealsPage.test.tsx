import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminAppeal } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { AppealsPage } from './OversightPage';

const rejected: AdminAppeal = {
  id: 'p1',
  interview_id: 'i1',
  job_id: 'j1',
  job_title: 'Illustrator',
  candidate_name: 'Ada Lovelace',
  candidate_email: 'ada@example.com',
  reason: 'The transcript missed half of my answer',
  decision_appealed: 'rejected',
  status: 'open',
  resolution_note: null,
  created_at: '2026-11-20T10:00:00Z',
  resolved_at: null,
};
const approved: AdminAppeal = {
  ...rejected,
  id: 'p2',
  interview_id: 'i2',
  candidate_name: null,
  candidate_email: 'bob@example.com',
  job_title: null,
  reason: 'I applied for the wrong level',
  decision_appealed: 'approved',
};
const posts = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [new URL(String(url), 'http://x').pathname, JSON.parse(String(init!.body))]);

function cardOf(text: string) {
  const card = screen.getAllByTestId('appeal').find((c) => c.textContent?.includes(text));
  if (!card) throw new Error(`no appeal card with ${text}`);
  return card;
}

describe('AppealsPage', { timeout: 15_000 }, () => {
  it('overturns a rejection with the note, and the card then shows the outcome', async () => {
    const user = userEvent.setup();
    let list = [rejected, approved];
    const api = mockApi({
      'GET /admin/appeals': () => ({ body: list }),
      'POST /admin/appeals/p1/resolve': (init) => {
        const body = JSON.parse(String(init?.body));
        const done = {
          ...rejected,
          status: body.outcome,
          resolution_note: body.note,
          resolved_at: '2026-11-22T10:00:00Z',
        };
        list = [done, approved];
        return { body: done };
      },
    });
    renderPage('/admin/appeals', '/admin/appeals', <AppealsPage />);
    await screen.findByText('“The transcript missed half of my answer”');
    const ada = cardOf('Ada Lovelace');
    expect(ada).toHaveTextContent('Ada Lovelace · Illustrator');
    expect(ada).toHaveTextContent('appealed a rejection');
    expect(within(ada).getByRole('link', { name: 'Review the interview' })).toHaveAttribute(
      'href',
      '/admin/interviews/i1',
    );
    // The overturn button says what overturning does to this decision.
    expect(within(ada).getByRole('button', { name: 'Overturn (approve)' })).toBeInTheDocument();
    const bob = cardOf('bob@example.com');
    expect(bob).toHaveTextContent('bob@example.com · General interview');
    expect(bob).toHaveTextContent('appealed an approval');
    expect(within(bob).getByRole('button', { name: 'Overturn (reject)' })).toBeInTheDocument();

    await user.type(within(ada).getByLabelText('Note to the candidate'), ' A second reviewer re-scored it ');
    await user.click(within(ada).getByRole('button', { name: 'Overturn (approve)' }));
    await waitFor(() =>
      expect(posts(api)).toEqual([
        ['/api/admin/appeals/p1/resolve', { outcome: 'overturned', note: 'A second reviewer re-scored it' }],
      ]),
    );
    await waitFor(() => expect(cardOf('Ada Lovelace')).toHaveTextContent('Overturned on'));
    expect(cardOf('Ada Lovelace')).toHaveTextContent('A second reviewer re-scored it');
    expect(within(cardOf('Ada Lovelace')).queryByRole('button')).toBeNull();
  });

  it('upholds a decision with the note', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/appeals': { body: [approved] },
      'POST /admin/appeals/p2/resolve': (init) => ({
        body: { ...approved, status: 'upheld', resolution_note: JSON.parse(String(init?.body)).note },
      }),
    });
    renderPage('/admin/appeals', '/admin/appeals', <AppealsPage />);
    const bob = await screen.findByTestId('appeal');
    await user.type(within(bob).getByLabelText('Note to the candidate'), 'The level was right');
    await user.click(within(bob).getByRole('button', { name: 'Uphold the decision' }));
    await waitFor(() =>
      expect(posts(api)).toEqual([
        ['/api/admin/appeals/p2/resolve', { outcome: 'upheld', note: 'The level was right' }],
      ]),
    );
  });

  it('marks an empty note beside the field (no "Validation error:" line, nothing sent), puts the server\'s 422 list there too, and filters by status', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/appeals': { body: [rejected] },
      'POST /admin/appeals/p1/resolve': {
        status: 422,
        body: { detail: [{ loc: ['body', 'note'], msg: 'Note must be kinder', type: 'custom' }] },
      },
    });
    renderPage('/admin/appeals', '/admin/appeals', <AppealsPage />);
    const ada = await screen.findByTestId('appeal');
    await user.click(within(ada).getByRole('button', { name: 'Uphold the decision' }));
    const note = within(ada).getByLabelText('Note to the candidate');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveAccessibleDescription('Write a note for the candidate');
    expect(ada).not.toHaveTextContent('Validation error');
    expect(posts(api)).toEqual([]);
    await user.type(note, 'No.');
    await user.click(within(ada).getByRole('button', { name: 'Uphold the decision' }));
    await waitFor(() => expect(note).toHaveAccessibleDescription('Note must be kinder'));
    expect(ada).not.toHaveTextContent('Validation error');

    await user.selectOptions(screen.getByLabelText('Status'), 'open');
    await waitFor(() =>
      expect(api.mock.calls.map(([url]) => String(url)).some((u) => /\/admin\/appeals\?status=open$/.test(u))).toBe(
        true,
      ),
    );
  });

  it('says when there are no appeals', async () => {
    mockApi({ 'GET /admin/appeals': { body: [] } });
    renderPage('/admin/appeals', '/admin/appeals', <AppealsPage />);
    expect(await screen.findByText('No appeals.')).toBeInTheDocument();
  });
});
