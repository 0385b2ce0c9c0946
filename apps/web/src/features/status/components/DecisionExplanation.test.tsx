import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/page-harness';
import { StatusPage } from './StatusPage';

const rejected = {
  id: 'i1',
  job_id: 'j1',
  candidate_id: 'u1',
  job_title: 'Poster Critic',
  position: null,
  status: 'rejected',
  acceptance_status: null,
  created_at: '2026-11-01T00:00:00Z',
  completed_at: '2026-11-01T00:20:00Z',
};
const explanation = (appeal: object | null, until = '2099-12-01T00:00:00Z', ai_scored = true) => ({
  ai_used: true,
  ai_scored,
  role: 'Poster Critic',
  criteria: [{ name: 'Communication', description: 'Clear answers.' }],
  decision: 'rejected',
  human_review: true,
  decided_at: '2026-11-02T00:00:00Z',
  appeal_until: until,
  appeal,
});

describe('the status page after a decision', () => {
  it('explains the decision, takes one appeal and sends transcript corrections', async () => {
    const user = userEvent.setup();
    let appealed: unknown = null;
    let corrected: unknown = null;
    mockApi({
      'GET /interviews': { body: [rejected] },
      'GET /interviews/i1/explanation': () => ({
        body: explanation(appealed ? { status: 'open', created_at: '2026-11-03T00:00:00Z', note: null } : null),
      }),
      'POST /interviews/i1/appeal': (init) => {
        appealed = JSON.parse(String(init?.body));
        return { status: 201, body: { id: 'a1', status: 'open', created_at: '2026-11-03T00:00:00Z' } };
      },
      'GET /interviews/i1/transcript': {
        body: {
          interview_id: 'i1',
          turns: [
            { seq: 0, speaker: 'ai', text: 'Tools?', started_at: 'x', ended_at: 'x', offset_seconds: 0 },
            {
              seq: 1,
              speaker: 'user',
              text: 'I use after affects.',
              started_at: 'x',
              ended_at: 'x',
              offset_seconds: 5,
            },
          ],
        },
      },
      'POST /interviews/i1/transcript-corrections': (init) => {
        corrected = JSON.parse(String(init?.body));
        return { status: 201, body: { corrections: [] } };
      },
    });
    renderPage('/status', '/status', <StatusPage />);
    const section = await screen.findByRole('region', { name: 'How this decision was made' });
    expect(section).toHaveTextContent(/An AI assessed what you said.*A person on the hiring team reviewed it/);
    expect(within(section).getByText('Communication:')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Appeal this decision' }));
    await user.type(within(section).getByLabelText('Why should the decision be reviewed again?'), 'My mic failed.');
    await user.click(within(section).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(appealed).toEqual({ reason: 'My mic failed.' }));
    expect(await within(section).findByText(/Your appeal is with the hiring team/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Appeal this decision' })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Correct your transcript' }));
    expect(await within(section).findByText('“I use after affects.”')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Correction of answer 1'), 'I use After Effects.');
    await user.click(within(section).getByRole('button', { name: 'Send corrections' }));
    await waitFor(() => expect(corrected).toEqual({ corrections: [{ seq: 1, text: 'I use After Effects.' }] }));
  });

  it('says so when the AI gave no score and a person assessed the interview alone', async () => {
    mockApi({
      'GET /interviews': { body: [rejected] },
      'GET /interviews/i1/explanation': { body: explanation(null, undefined, false) },
    });
    renderPage('/status', '/status', <StatusPage />);
    const section = await screen.findByRole('region', { name: 'How this decision was made' });
    expect(section).toHaveTextContent(/An AI read what you said .* but gave it no score/);
    expect(section).toHaveTextContent(/A person on the hiring team assessed your interview/);
    expect(section).not.toHaveTextContent('An AI assessed what you said');
  });

  it('says when the time to appeal has ended', async () => {
    mockApi({
      'GET /interviews': { body: [rejected] },
      'GET /interviews/i1/explanation': { body: explanation(null, '2026-11-05T00:00:00Z') },
    });
    renderPage('/status', '/status', <StatusPage />);
    expect(await screen.findByText(/The time to appeal ended on Nov 5, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Appeal this decision' })).not.toBeInTheDocument();
  });

  it('offers no appeal on an approval (only a rejection can be appealed)', async () => {
    mockApi({
      'GET /interviews': { body: [{ ...rejected, status: 'approved', acceptance_status: 'accepted' }] },
      'GET /interviews/i1/explanation': { body: { ...explanation(null), decision: 'approved' } },
    });
    renderPage('/status', '/status', <StatusPage />);
    const section = await screen.findByRole('region', { name: 'How this decision was made' });
    expect(within(section).queryByRole('button', { name: 'Appeal this decision' })).not.toBeInTheDocument();
    expect(section).not.toHaveTextContent(/appeal/i);
  });

  it('includes the work sample: how many ratings were near the reference, never the reference itself', async () => {
    mockApi({
      'GET /interviews': { body: [rejected] },
      'GET /interviews/i1/explanation': {
        body: {
          ...explanation(null),
          work_sample: { rated: 3, within_one: 2, score: 3, rationale: 'Two of three ratings were close.' },
        },
      },
    });
    renderPage('/status', '/status', <StatusPage />);
    const line = await screen.findByTestId('explanation-work-sample');
    expect(line).toHaveTextContent(
      'Work sample: 2 of 3 items you rated were within one point of the reference rating. Two of three ratings were close.',
    );
  });
});
