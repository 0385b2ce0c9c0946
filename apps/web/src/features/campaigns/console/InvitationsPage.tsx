import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { BadgeColor, Invitation, InvitationStatus } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { inputClass, secondaryButtonClass } from '../../../components/form-styles';
import { PageHeader, Section, Table, WhenLoaded, dateTime, td } from '../../../components/console-ui';
import { describeError } from '../../../lib/describe-error';
import { useGrantExtension, useInvitations, useShortlistLines } from '../api';
import { InvitationForm } from './InvitationForm';

const STATUS: Record<InvitationStatus, { label: string; color: BadgeColor }> = {
  invited: { label: 'Invited', color: 'grey' },
  opened: { label: 'Opened', color: 'blue' },
  signed_up: { label: 'Signed up', color: 'blue' },
  started: { label: 'Started', color: 'purple' },
  completed: { label: 'Completed', color: 'green' },
  expired: { label: 'Expired', color: 'red' },
  extension_requested: { label: 'Asks for more time', color: 'yellow' },
};

/** A week after the current deadline (or from now), as a datetime-local value: the usual grant. */
function suggestedDeadline(current: string | null) {
  const base = Math.max(Date.now(), current ? new Date(current).getTime() : 0);
  const d = new Date(base + 7 * 24 * 3600_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function GrantCell({ jobId, invitation }: { jobId: string; invitation: Invitation }) {
  const grant = useGrantExtension(jobId);
  const [deadline, setDeadline] = useState(() => suggestedDeadline(invitation.deadline));
  if (invitation.status !== 'extension_requested') return <td className={td} />;
  return (
    <td className={td}>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="datetime-local"
          aria-label={`New deadline for ${invitation.email}`}
          className={`${inputClass} mt-0 w-auto`}
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
        />
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!deadline || grant.isPending}
          onClick={() => grant.mutate({ invitationId: invitation.id, deadline: new Date(deadline).toISOString() })}
        >
          Grant more time
        </button>
      </div>
      <ErrorBanner message={grant.error ? describeError(grant.error, 'More time could not be granted.') : null} />
    </td>
  );
}

/** A job's invitations (issue 47): invite by pasted list or CSV, see where each person stands, grant more time. */
export function InvitationsPage() {
  const { jobId = '' } = useParams();
  const list = useInvitations(jobId);
  // From talent search's shortlist: the box starts with the people not yet invited.
  const fromShortlist = useSearchParams()[0].get('shortlist') === '1';
  const shortlist = useShortlistLines(jobId, fromShortlist);
  return (
    <>
      <PageHeader title="Invitations" />
      <div className="space-y-6">
        <Section title="Invite people">
          {fromShortlist && shortlist.isPending ? (
            <p className="text-sm text-slate-600">Loading the shortlist...</p>
          ) : (
            <InvitationForm jobId={jobId} initialList={shortlist.data ?? ''} />
          )}
        </Section>
        <Section title="Invited">
          <WhenLoaded query={list} loading="Loading invitations..." notFound="The invitations could not be loaded.">
            {(rows) =>
              rows.length === 0 ? (
                <p className="text-sm text-slate-600">No one has been invited to this job yet.</p>
              ) : (
                <>
                  <CampaignFunnels jobId={jobId} rows={rows} />
                  <Table label="Invitations" head={['Person', 'Campaign', 'Status', 'Deadline', '']}>
                    {rows.map((i) => (
                      <tr key={i.id}>
                        <td className={td}>
                          <div className="font-medium text-slate-900">{i.email}</div>
                          {i.name && <div className="text-xs text-slate-500">{i.name}</div>}
                          {i.unsubscribed && <div className="text-xs text-slate-500">Unsubscribed</div>}
                        </td>
                        <td className={td}>{i.campaign.name}</td>
                        <td className={td}>
                          <Badge color={STATUS[i.status].color}>{STATUS[i.status].label}</Badge>
                        </td>
                        <td className={td}>{i.deadline ? dateTime(i.deadline) : '—'}</td>
                        <GrantCell jobId={jobId} invitation={i} />
                      </tr>
                    ))}
                  </Table>
                </>
              )
            }
          </WhenLoaded>
        </Section>
      </div>
    </>
  );
}

/** Each campaign of the job, with its own funnel (issue 47: the funnel per job and per campaign). */
function CampaignFunnels({ jobId, rows }: { jobId: string; rows: Invitation[] }) {
  const campaigns = [...new Map(rows.map((r) => [r.campaign.id, r.campaign])).values()];
  return (
    <nav aria-label="Funnel per campaign" className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <Link className="font-medium text-brand-700 hover:underline" to={`/admin/jobs/${jobId}/funnel`}>
        Funnel of the job
      </Link>
      {campaigns.map((c) => (
        <Link
          key={c.id}
          className="font-medium text-brand-700 hover:underline"
          to={`/admin/jobs/${jobId}/funnel?campaign_id=${c.id}`}
        >
          Funnel of {c.name}
        </Link>
      ))}
    </nav>
  );
}
