import { primaryButtonClass, secondaryButtonClass } from '../../../components/form-styles';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { describeError } from '../../../lib/describe-error';
import { formatDateTime } from '../../../lib/format';

type Props = {
  requestedAt: string | null;
  grantedAt: string | null;
  deadline: string | null;
  pending: boolean;
  error: unknown;
  onAsk: () => void;
  /** The e-mail's "more time" link opened the page: the button is the main action. */
  primary?: boolean;
};

/** More time, once: the button until it is used, then what became of the request. */
export function MoreTimeButton({ requestedAt, grantedAt, deadline, pending, error, onAsk, primary }: Props) {
  if (grantedAt)
    return <p>You were given more time{deadline ? `: the new deadline is ${formatDateTime(deadline)}` : ''}.</p>;
  if (requestedAt)
    return (
      <p role="status">You asked for more time on {formatDateTime(requestedAt)}. We will e-mail you the answer.</p>
    );
  return (
    <div>
      <button
        type="button"
        className={primary ? primaryButtonClass : secondaryButtonClass}
        disabled={pending}
        onClick={onAsk}
      >
        {pending ? 'Asking...' : 'Ask for more time'}
      </button>
      <ErrorBanner message={error ? describeError(error, 'Your request could not be sent. Please try again.') : null} />
    </div>
  );
}
