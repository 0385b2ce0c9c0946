import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDocument, DocumentAuditEvent } from '@app/shared';
import { mockApi, renderPage, stubFileSave } from '../../../test/page-harness';
import { CandidateDocuments } from './CandidateDocuments';

const USER = '33333333-3333-4333-8333-333333333333';
const SIGNED = '44444444-4444-4444-8444-444444444444';
const PENDING = '55555555-5555-4555-8555-555555555555';
const HASH = 'a'.repeat(64);
const doc = (id: string, over: Partial<AdminDocument>): AdminDocument => ({
  id,
  key: 'terms_of_work',
  title: 'Terms of Work',
  version: 1,
  status: 'pending',
  signed_at: null,
  sha256: null,
  job_id: 'j1',
  job_title: 'Brand Copy Reviewer',
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});
const docs = [
  doc(SIGNED, { status: 'signed', signed_at: '2026-11-21T09:30:00Z', sha256: HASH }),
  doc(PENDING, { key: 'ciiaa', title: 'CIIAA' }),
];
const trail: DocumentAuditEvent[] = [
  { type: 'viewed', at: '2026-11-21T09:00:00Z', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 TestBrowser/1.0' },
  { type: 'consented', at: '2026-11-21T09:29:00Z', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 TestBrowser/1.0' },
  { type: 'signed', at: '2026-11-21T09:30:00Z', ip: '203.0.113.7', user_agent: 'Mozilla/5.0 TestBrowser/1.0' },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CandidateDocuments', { timeout: 15_000 }, () => {
  it("lists the candidate's documents, opens a trail with address and browser, and downloads the sealed PDF", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      'GET /admin/documents': { body: docs },
      [`GET /admin/documents/${SIGNED}/audit`]: { body: trail },
      [`GET /admin/documents/${SIGNED}/pdf`]: { body: {} },
    });
    renderPage(`/admin/candidates/${USER}`, '/admin/candidates/:id', <CandidateDocuments userId={USER} />);

    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(api.mock.calls.some(([url]) => String(url).endsWith(`/admin/documents?user_id=${USER}`))).toBe(true);
    const [signedRow, pendingRow] = within(table).getAllByRole('row').slice(1);
    expect(signedRow).toHaveTextContent('Signed');
    expect(signedRow).toHaveTextContent('Brand Copy Reviewer');
    expect(pendingRow).toHaveTextContent('Pending');
    // A pending document has no PDF yet.
    expect(within(pendingRow!).queryByRole('button', { name: /Signed PDF/ })).not.toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Audit trail of Terms of Work v1' }));
    const region = await screen.findByRole('region', { name: 'Audit trail: Terms of Work v1' });
    expect(region).toHaveTextContent(HASH);
    const events = await within(region).findByRole('table', { name: 'Events of Terms of Work v1' });
    const rows = within(events).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Viewed', 'Consented', 'Signed']);
    expect(rows[2]).toHaveTextContent('203.0.113.7');
    expect(rows[2]).toHaveTextContent('TestBrowser/1.0');

    const { click, createObjectURL } = stubFileSave();
    await user.click(within(table).getByRole('button', { name: 'Signed PDF of Terms of Work v1' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const pdfCall = api.mock.calls.find(([url]) => String(url).endsWith(`/admin/documents/${SIGNED}/pdf`))!;
    expect(new Headers(pdfCall[1]?.headers).get('authorization')).toBe('Bearer t');
  });

  it('says when there are no documents yet, and shows a refused trail with its detail', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/documents': { body: [docs[1]] },
      [`GET /admin/documents/${PENDING}/audit`]: { status: 404, body: { detail: 'Document not found' } },
    });
    renderPage(`/admin/candidates/${USER}`, '/admin/candidates/:id', <CandidateDocuments userId={USER} />);
    await user.click(await screen.findByRole('button', { name: 'Audit trail of CIIAA v1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Document not found');

    mockApi({ 'GET /admin/documents': { body: [] } });
    renderPage(`/admin/candidates/${USER}`, '/admin/candidates/:id', <CandidateDocuments userId={USER} />);
    expect(await screen.findByText(/No documents yet/)).toBeInTheDocument();
  });
});
