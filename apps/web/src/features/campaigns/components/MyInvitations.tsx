import type { MyInvitation } from '@app/shared';
import { CardListSection } from '../../../components/CardListSection';
import { formatDateTime } from '../../../lib/format';
import { useAskMoreTime, useMyInvitations } from '../api';
import { MoreTimeButton } from './MoreTimeButton';

function Deadline({ invitation }: { invitation: MyInvitation }) {
  const ask = useAskMoreTime();
  return (
    <li data-testid="invitation-deadline" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{invitation.job_title}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {invitation.expired
          ? 'This invitation has expired.'
          : `Please complete the interview by ${formatDateTime(invitation.deadline)}.`}
      </p>
      <div className="mt-3 text-sm">
        <MoreTimeButton
          requestedAt={invitation.extension_requested_at}
          grantedAt={invitation.extension_granted_at}
          deadline={invitation.deadline}
          pending={ask.isPending}
          error={ask.error}
          onAsk={() => ask.mutate(invitation.id)}
        />
      </div>
    </li>
  );
}

/** Your Jobs: the invitations with a deadline the person has not started yet, each with "Ask for more time". */
export function MyInvitations() {
  const list = useMyInvitations();
  const open = (list.data ?? []).filter((i) => i.deadline && !i.started);
  if (!open.length) return null;
  return (
    <CardListSection title="Invitations with a deadline">
      {open.map((i) => (
        <Deadline key={i.id} invitation={i} />
      ))}
    </CardListSection>
  );
}
