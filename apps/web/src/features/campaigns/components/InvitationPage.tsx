import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/auth';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';
import { pendingInvitation } from '../../../lib/pending-invitation';
import { useInvitationActions, useInvitationView } from '../api';
import { InvitationCard } from './InvitationCard';
import { MoreTimeButton } from './MoreTimeButton';

/**
 * What an invitation e-mail's link opens (/invitation?token=…, issue 47): the job and its deadline;
 * with an account, on to the job's application; without one, sign-up first (the link is kept in
 * this browser and brings the person back here after onboarding). After the deadline it says so
 * kindly and offers more time. `more-time=1` (the e-mail's other link) puts that button first.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wantsMoreTime = params.get('more-time') === '1';
  const view = useInvitationView(token);
  const actions = useInvitationActions(token);
  const { isAuthenticated, user } = useAuth();
  const navigate = useNavigate();

  // Until the person has an account with a finished profile, the link waits in this browser.
  const ready = isAuthenticated && Boolean(user?.profile_completed);
  useEffect(() => {
    if (token && !ready) pendingInvitation.set(token);
  }, [token, ready]);

  if (!token || view.error)
    return (
      <InvitationCard title="This link does not work">
        <p>{describeError(view.error, 'This invitation link is not valid. Ask the sender for a new one.')}</p>
      </InvitationCard>
    );
  if (!view.data) return <Spinner label="Opening your invitation..." />;
  const v = view.data;

  const apply = () =>
    actions.accept.mutate(undefined, {
      onSuccess: () => {
        pendingInvitation.clear();
        navigate(`/apply?jobId=${encodeURIComponent(v.job_id)}`);
      },
    });
  const moreTime = (
    <MoreTimeButton
      requestedAt={v.extension_requested_at}
      grantedAt={v.extension_granted_at}
      deadline={v.deadline}
      pending={actions.moreTime.isPending}
      error={actions.moreTime.error}
      onAsk={() => actions.moreTime.mutate()}
      primary={wantsMoreTime || v.expired}
    />
  );

  if (v.started)
    return (
      <InvitationCard title={v.job_title}>
        <p>You have already started this interview. You will find it under Your Jobs.</p>
        <Link to="/jobs" className={primaryButtonClass}>
          Go to Your Jobs
        </Link>
      </InvitationCard>
    );
  if (v.expired)
    return (
      <InvitationCard title="This invitation has expired">
        <p>
          Thank you for your interest in {v.job_title}. The deadline for this invitation
          {v.deadline ? ` was ${formatDateTime(v.deadline)}` : ' has passed'}, so it can no longer be used as it is.
        </p>
        <p>If you still would like to apply, ask for more time: the team will look at your request.</p>
        {moreTime}
      </InvitationCard>
    );

  return (
    <InvitationCard title={`You're invited: ${v.job_title}`}>
      <p>
        {v.name ? `Hi ${v.name.split(/\s+/)[0]}, you` : 'You'} are invited to apply. The application is a short AI
        interview about your work.
      </p>
      {v.deadline && <p>Please complete it by {formatDateTime(v.deadline)}.</p>}
      {wantsMoreTime && moreTime}
      {ready ? (
        <button type="button" className={primaryButtonClass} disabled={actions.accept.isPending} onClick={apply}>
          Continue to the application
        </button>
      ) : isAuthenticated ? (
        <Link to="/onboarding" className={primaryButtonClass}>
          Finish your profile first
        </Link>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Link to="/signup" className={primaryButtonClass}>
            Create an account
          </Link>
          <Link to="/login" className={secondaryButtonClass}>
            I have an account
          </Link>
        </div>
      )}
      <ErrorBanner message={actions.accept.error ? describeError(actions.accept.error, 'Please try again.') : null} />
      {!wantsMoreTime && moreTime}
    </InvitationCard>
  );
}
