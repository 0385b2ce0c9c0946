import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AI_ASSESSMENT_NOTICE } from '@app/shared';
import { mockApi, renderPage } from '../../../test/page-harness';
import { AiNoticePanel } from './AiNoticePanel';

const notice = {
  version: AI_ASSESSMENT_NOTICE.version,
  text: AI_ASSESSMENT_NOTICE.text,
  criteria: [{ name: 'Communication', description: 'Clear answers.' }],
  human_review: true,
  retention_days: 90,
  alternative_available: true,
  integrity_signals: ['tab_hidden', 'paste'],
  alternative_instructions: '...',
  bias_audit_url: '/bias-audit',
};

function Harness() {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <AiNoticePanel jobId="j1" checked={checked} onChange={setChecked} />
      <output data-testid="ack">{String(checked)}</output>
    </>
  );
}

describe('AiNoticePanel', () => {
  it('shows the notice, is acknowledged by its checkbox, and sends a human-only request with a reason', async () => {
    const user = userEvent.setup();
    let requested: unknown = null;
    mockApi({
      'GET /jobs/j1/ai-notice': { body: notice },
      'GET /jobs/j1/alternative-assessment': () => ({
        body: requested ? { id: 'a1', status: 'requested', created_at: '2026-11-26T10:00:00Z' } : null,
      }),
      'POST /jobs/j1/alternative-assessment': (init) => {
        requested = JSON.parse(String(init?.body));
        return { status: 201, body: { id: 'a1', status: 'requested' } };
      },
    });
    renderPage('/x', '/x', <Harness />);

    expect(await screen.findByText(/Communication/)).toBeInTheDocument();
    expect(screen.getByText(/kept for 90 days/)).toBeInTheDocument();
    expect(screen.getByText(/the tab being hidden, pasting text/)).toBeInTheDocument();
    // Candidates can find the published bias audits (issue 43 item 17), without leaving the application.
    const audits = screen.getByRole('link', { name: /^Bias audits of our AI assessment/ });
    expect(audits).toHaveAttribute('href', '/bias-audit');
    expect(audits).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('checkbox', { name: AI_ASSESSMENT_NOTICE.acknowledgement }));
    expect(screen.getByTestId('ack')).toHaveTextContent('true');

    await user.click(screen.getByRole('button', { name: 'Ask for a human-only review instead' }));
    const send = screen.getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText(/Why would you like a human-only review/), 'I stutter');
    await user.click(send);
    expect(await screen.findByText(/You asked for a human-only review/)).toBeInTheDocument();
    expect(requested).toEqual({ reason: 'I stutter' });
  });
});
