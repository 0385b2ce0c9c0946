import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentTemplate } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { DocumentTemplatesPage } from './DocumentTemplatesPage';

const tpl = (key: DocumentTemplate['key'], version: number, title: string): DocumentTemplate => ({
  id: `${key}-${version}`,
  key,
  version,
  title,
  body: `${title} v${version} for {{candidate_name}}`,
  created_at: '2026-11-20T10:00:00Z',
});
const templates = [
  tpl('ciiaa', 2, 'CIIAA'),
  tpl('ciiaa', 1, 'CIIAA'),
  tpl('terms_of_work', 1, 'Terms of Work'),
  tpl('offer_letter', 1, 'Offer Letter'),
];
const posts = (api: ReturnType<typeof mockApi>) =>
  api.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).includes('/admin/document-templates'));

afterEach(() => vi.unstubAllGlobals());

describe('DocumentTemplatesPage', { timeout: 15_000 }, () => {
  it('lists each key once with its current version, and publishes the next one saying it asks for new signatures', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/document-templates': { body: templates },
      'POST /admin/document-templates': (init) => ({
        status: 201,
        body: { ...tpl('ciiaa', 3, 'CIIAA'), ...JSON.parse(String(init?.body)) },
      }),
    });
    renderPage('/admin/document-templates', '/admin/document-templates', <DocumentTemplatesPage />);

    const table = await screen.findByRole('table', { name: 'Document templates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Terms of Workterms_of_work',
      'CIIAAciiaa',
      'Offer Letteroffer_letter',
    ]);
    expect(rows[1]).toHaveTextContent('Version 2');
    expect(rows[1]).toHaveTextContent('1 earlier version');

    await user.click(within(table).getByRole('button', { name: 'New version of CIIAA' }));
    const form = screen.getByRole('region', { name: 'New version of CIIAA' });
    expect(form).toHaveTextContent('Publishing makes this version 3');
    expect(form).toHaveTextContent('asked to sign it again');
    expect(within(form).getByLabelText('Text')).toHaveValue('CIIAA v2 for {{candidate_name}}');
    await user.clear(within(form).getByLabelText('Text'));
    await user.type(within(form).getByLabelText('Text'), 'A clearer text.');
    await user.click(within(form).getByRole('button', { name: 'Publish version 3' }));

    await waitFor(() => expect(posts(api)).toHaveLength(1));
    expect(JSON.parse(String(posts(api)[0]![1]!.body))).toEqual({
      key: 'ciiaa',
      title: 'CIIAA',
      body: 'A clearer text.',
    });
    expect(await screen.findByText(/Version 3 of CIIAA is published/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('region', { name: 'New version of CIIAA' })).not.toBeInTheDocument();
  });

  it("shows the server's detail when the version is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/document-templates': { body: templates },
      'POST /admin/document-templates': { status: 422, body: { detail: 'Enter the text' } },
    });
    renderPage('/admin/document-templates', '/admin/document-templates', <DocumentTemplatesPage />);
    await user.click(await screen.findByRole('button', { name: 'New version of Terms of Work' }));
    await user.click(screen.getByRole('button', { name: 'Publish version 2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the text');
  });
});
