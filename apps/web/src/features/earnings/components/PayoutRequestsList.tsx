import { formatMoney } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { usePayoutRequests } from '../api/payout-requests';

const COLORS = { requested: 'yellow', batched: 'blue', paid: 'green', failed: 'red' } as const;
const LABELS = { requested: 'Requested', batched: 'On its way', paid: 'Paid', failed: 'Failed' } as const;

/**
 * The payee's payout requests and where each stands (issue 36 items 5-6): paid, or failed with the
 * bank's reason as the provider wrote it; pay is never held back without a reason the payee can read.
 */
export function PayoutRequestsList() {
  const requests = usePayoutRequests();
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <section aria-labelledby="payout-requests-title" className="border-t border-slate-200 px-4 py-3">
      <h3 id="payout-requests-title" className="text-sm font-semibold text-slate-700">
        Your payout requests
      </h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {requests.data.map((r) => (
          <li key={r.id} data-testid="payout-request" className="flex items-start justify-between gap-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{formatMoney(r.amount)}</p>
              <p className="text-slate-500">
                Requested {formatDate(r.created_at)}
                {r.paid_at && ` · paid ${formatDate(r.paid_at)}`}
                {r.failed_at && ` · failed ${formatDate(r.failed_at)}`}
              </p>
              {r.failure_reason && (
                <p className="text-red-700">
                  Reason: {r.failure_reason}. The amount is back in your available balance.
                </p>
              )}
            </div>
            <Badge color={COLORS[r.status]}>{LABELS[r.status]}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
