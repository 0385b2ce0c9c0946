import { useState } from 'react';
import { formatMoney } from '@app/shared';
import { BusyButton } from '../../../components/BusyButton';
import { useRequestPayout } from '../api/post-payout-request';

/** Request Payout: one Idempotency-Key per press, so a retried send cannot pay twice (issue 36 item 5). */
export function RequestPayoutButton() {
  const request = useRequestPayout();
  const [done, setDone] = useState<number | null>(null);
  const press = () => {
    setDone(null);
    request.mutate(crypto.randomUUID(), { onSuccess: (r) => setDone(r.amount) });
  };
  return (
    <div className="mt-3">
      <BusyButton
        busy={request.isPending}
        busyLabel="Requesting..."
        onClick={press}
        className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        Request Payout
      </BusyButton>
      {done !== null && (
        <p role="status" className="mt-2 text-sm text-green-700">
          Payout of {formatMoney(done)} requested
        </p>
      )}
      {request.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {request.error.message}
        </p>
      )}
    </div>
  );
}
