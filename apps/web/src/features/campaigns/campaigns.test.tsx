import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Invitation, InvitationView, MyInvitation } from '@app/shared';
import { candidate, mockApi, renderPage, type Routes } from '../../test/page-harness';
import { InvitationsPage } from './console/InvitationsPage';
import { uploadingText } from './console/InvitationForm';
import { InvitationPage } from './components/InvitationPage';
import { MyInvitations } from './components/MyInvitations';

const TOKEN = 'a'.repeat(43);
const calls = (api: ReturnType<typeof mockApi>, method: string, path: string) =>
  api.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path));

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  id: 'inv1',
  email: 'sam@example.com',
  name: 'Sam',
  status: 'extension_requested',
  campaign: { id: 'c1', name: 'Spring batch' },
  user_id: null,
  deadline: '2026-12-01T12:00:00.000Z',
  invited_at: '2026-11-20T12:00:00.000Z',
  opened_at: null,
  signed_up_at: null,
  extension_requested_at: '2026-11-28T12:00:00.000Z',
  extension_granted_at: null,
  expired_at: null,
  unsubscribed: false,
  ...over,
});

function consolePage(routes: Routes) {
  const api = mockApi({ 'GET /admin/jobs/j1/invitations': { body: [invitation()] }, ...routes });
  renderPage('/admin/jobs/j1/invitations', '/admin/jobs/:jobId/invitations', <InvitationsPage />);
  return api;
}

describe('InvitationsPage (console)', { timeout: 15_000 }, () => {
  it('sends a pasted list and lists the skipped rows at their line in the box', async () => {
    const user = userEvent.setup();
    const api = consolePage({
      'POST /admin/jobs/j1/invitations': {
        status: 201,
        body: { campaign_id: 'c2', created: 2, skipped: [{ line: 2, email: 'nope', reason: 'invalid_email' }] },
      },
    });
    await user.type(
      screen.getByLabelText(/E-mail addresses/),
      'Ada Lovelace, ada@example.com{enter}{enter}nope{enter}bo@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));

    const status = await screen.findByRole('status', { name: 'Invitation result' });
    expect(status).toHaveTextContent('2 invitations sent, 1 skipped.');
    const skipped = within(status).getByRole('table', { name: 'Skipped rows' });
    // The second person is on the box's third line (after an empty one).
    expect(within(skipped).getByText('3')).toBeInTheDocument();
    expect(within(skipped).getByText('Not a valid e-mail address')).toBeInTheDocument();
    const [, init] = calls(api, 'POST', '/admin/jobs/j1/invitations')[0]!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      invitees: [{ email: 'ada@example.com', name: 'Ada Lovelace' }, { email: 'nope' }, { email: 'bo@example.com' }],
      reminders: { after_invite_hours: [48], before_deadline_hours: [24] },
      deadline: null,
    });
  });

  it('uploads a CSV file as text/csv with the settings in the address', async () => {
    const user = userEvent.setup();
    const api = consolePage({
      'POST /admin/jobs/j1/invitations': { status: 201, body: { campaign_id: 'c2', created: 20, skipped: [] } },
    });
    const file = new File(['name,email\nAda,ada@example.com\n'], 'people.csv', { type: 'application/vnd.ms-excel' });
    await user.upload(screen.getByLabelText(/upload a CSV/), file);
    await user.type(screen.getByLabelText(/Campaign name/), 'Batch A');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByRole('status', { name: 'Invitation result' })).toHaveTextContent('20 invitations sent.');
    const [url, init] = calls(api, 'POST', '/admin/jobs/j1/invitations')[0]!;
    expect(String(url)).toContain('name=Batch+A');
    expect(String(url)).toContain('after_invite_hours=48');
    expect((init!.headers as Record<string, string>)['content-type']).toBe('text/csv');
    expect(await (init!.body as Blob).text()).toContain('ada@example.com');
  });

  it('says while uploading how many people the file holds', () => {
    expect(uploadingText('people.csv', 10000)).toBe('Uploading people.csv: 10,000 people...');
    expect(uploadingText('people.csv', null)).toBe('Uploading people.csv...');
  });

  it("starts from talent search's shortlist: the people not yet invited fill the box", async () => {
    mockApi({
      'GET /admin/jobs/j1/invitations': { body: [] },
      'GET /admin/jobs/j1/shortlist': {
        body: [
          { candidate_id: 'c1', name: 'Ada, L', email: 'ada@example.com', invited_at: null },
          { candidate_id: 'c2', name: null, email: 'bo@example.com', invited_at: null },
          { candidate_id: 'c3', name: 'Old', email: 'old@example.com', invited_at: '2026-11-01T00:00:00Z' },
        ],
      },
    });
    renderPage('/admin/jobs/j1/invitations?shortlist=1', '/admin/jobs/:jobId/invitations', <InvitationsPage />);
    await waitFor(() =>
      expect(screen.getByLabelText(/E-mail addresses/)).toHaveValue('Ada  L, ada@example.com\nbo@example.com'),
    );
  });

  it('shows each status and grants the asked-for more time', async () => {
    const user = userEvent.setup();
    const api = consolePage({
      'POST /admin/jobs/j1/invitations/inv1/extension': {
        body: invitation({ status: 'invited', extension_granted_at: '2026-11-29T00:00:00.000Z' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Invitations' });
    expect(within(table).getByText('Asks for more time')).toBeInTheDocument();
    expect(within(table).getByText('Spring batch')).toBeInTheDocument();
    // Each campaign links to its own funnel.
    const funnels = screen.getByRole('navigation', { name: 'Funnel per campaign' });
    expect(within(funnels).getByRole('link', { name: 'Funnel of Spring batch' })).toHaveAttribute(
      'href',
      '/admin/jobs/j1/funnel?campaign_id=c1',
    );
    await user.click(within(table).getByRole('button', { name: 'Grant more time' }));
    await waitFor(() => expect(calls(api, 'POST', '/extension')).toHaveLength(1));
    const body = JSON.parse(String(calls(api, 'POST', '/extension')[0]![1]!.body));
    // The suggestion is a week after the current deadline.
    expect(new Date(body.deadline).getTime()).toBeGreaterThan(new Date('2026-12-07T00:00:00Z').getTime());
  });
});

const view = (over: Partial<InvitationView> = {}): InvitationView => ({
  job_id: 'j1',
  job_title: 'Photo Rater',
  name: 'Sam Lee',
  deadline: '2026-12-01T12:00:00.000Z',
  expired: false,
  started: false,
  extension_requested_at: null,
  extension_granted_at: null,
  unsubscribed: false,
  ...over,
});

describe("the candidate's invitation and more-time button", { timeout: 15_000 }, () => {
  it('asks for more time once from the link, and says so', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET /invitations/${TOKEN}`]: { body: view() },
      [`POST /invitations/${TOKEN}/more-time`]: { body: view({ extension_requested_at: '2026-11-29T08:00:00Z' }) },
    });
    renderPage(`/invitation?token=${TOKEN}&more-time=1`, '/invitation', <InvitationPage />);
    await user.click(await screen.findByRole('button', { name: 'Ask for more time' }));
    await waitFor(() => expect(calls(api, 'POST', '/more-time')).toHaveLength(1));
  });

  it('says kindly that an expired invitation has expired, and takes a signed-in person on to the application', async () => {
    mockApi({ [`GET /invitations/${TOKEN}`]: { body: view({ expired: true }) } });
    renderPage(`/invitation?token=${TOKEN}`, '/invitation', <InvitationPage />);
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeInTheDocument();
    expect(screen.getByText(/Thank you for your interest in Photo Rater/)).toBeInTheDocument();
  });

  it('continues to the job application after taking the invitation', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [`GET /invitations/${TOKEN}`]: { body: view() },
      [`POST /invitations/${TOKEN}/accept`]: { body: view() },
      'GET /profile/me': { body: candidate },
    });
    renderPage(`/invitation?token=${TOKEN}`, '/invitation', <InvitationPage />);
    await user.click(await screen.findByRole('button', { name: 'Continue to the application' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/apply?jobId=j1'));
    expect(calls(api, 'POST', '/accept')).toHaveLength(1);
  });

  it('Your Jobs: the deadline and the more-time button, then the request', async () => {
    const user = userEvent.setup();
    const mine: MyInvitation = {
      id: 'inv1',
      job_id: 'j1',
      job_title: 'Photo Rater',
      deadline: '2026-12-01T12:00:00.000Z',
      expired: false,
      started: false,
      extension_requested_at: null,
      extension_granted_at: null,
    };
    let asked = false;
    const api = mockApi({
      'GET /invitations/mine': () => ({
        body: [asked ? { ...mine, extension_requested_at: '2026-11-29T08:00:00Z' } : mine],
      }),
      'POST /invitations/mine/inv1/more-time': () => {
        asked = true;
        return { body: { ...mine, extension_requested_at: '2026-11-29T08:00:00Z' } };
      },
    });
    renderPage('/jobs', '/jobs', <MyInvitations />);
    const card = await screen.findByTestId('invitation-deadline');
    expect(card).toHaveTextContent('Photo Rater');
    await user.click(within(card).getByRole('button', { name: 'Ask for more time' }));
    expect(await within(card).findByText(/You asked for more time/)).toBeInTheDocument();
    expect(calls(api, 'POST', '/more-time')).toHaveLength(1);
  });
});
