import { useSearchParams } from 'react-router';
import { primaryButtonClass } from '../../../components/form-styles';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { describeError } from '../../../lib/describe-error';
import { useInvitationActions } from '../api';
import { InvitationCard } from './InvitationCard';

/**
 * /unsubscribe?token=… (issue 47): the e-mail's link opens this page, and only the button records it,
 * so a mail scanner following the link unsubscribes no one. No login needed: the token is the key.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { unsubscribe } = useInvitationActions(token);
  if (unsubscribe.isSuccess)
    return (
      <InvitationCard title="You are unsubscribed">
        <p>We will not send invitations or reminders to this address again.</p>
      </InvitationCard>
    );
  return (
    <InvitationCard title="Unsubscribe from invitations">
      <p>Stop all invitation and reminder e-mails to this address, for every job.</p>
      <button
        type="button"
        className={primaryButtonClass}
        disabled={!token || unsubscribe.isPending}
        onClick={() => unsubscribe.mutate()}
      >
        Unsubscribe
      </button>
      <ErrorBanner
        message={unsubscribe.error ? describeError(unsubscribe.error, 'That did not work. Please try again.') : null}
      />
    </InvitationCard>
  );
}
