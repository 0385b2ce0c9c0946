import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { DocumentPage } from './DocumentPage';

const DOC = {
  id: 'd1',
  key: 'ciiaa',
  title: 'Confidential Information and Invention Assignment Agreement',
  version: 2,
  body: 'This agreement is between Ada Lovelace ("you") and the provider.',
  status: 'pending',
  signed_at: null,
  sha256: null,
  job_id: 'j1',
};

describe('DocumentPage', () => {
  it('shows the text and the ESIGN disclosure, refuses with the reason, then signs', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    let refuse = true;
    mockApi({
      'GET /documents/d1': { body: DOC },
      'POST /documents/d1/sign': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        if (refuse) {
          refuse = false;
          return {
            status: 422,
            body: {
              detail:
                'Read the disclosure about electronic records and agree to receive and sign documents electronically',
            },
          };
        }
        return { body: { signed_at: '2026-03-05T10:00:00Z', sha256: 'ab'.repeat(32) } };
      },
    });
    renderPage('/documents/d1', '/documents/:documentId', <DocumentPage />);
    expect(await screen.findByRole('heading', { name: DOC.title })).toBeInTheDocument();
    expect(screen.getByText('Version 2')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText(/paper instead/)).toBeInTheDocument();
    expect(screen.getByText(/withdraw it at any time/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
    await user.click(screen.getByRole('checkbox', { name: /I agree to sign this document/ }));
    await user.click(screen.getByRole('button', { name: 'Sign document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/electronic records/);

    await user.click(screen.getByRole('checkbox', { name: /I have read this disclosure/ }));
    await user.click(screen.getByRole('button', { name: 'Sign document' }));
    expect(await screen.findByText(/Signed on/)).toBeInTheDocument();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeInTheDocument();
    expect(bodies).toEqual([
      { full_name: 'Ada Lovelace', agree: true, electronic_consent: false },
      { full_name: 'Ada Lovelace', agree: true, electronic_consent: true },
    ]);
  });
});
