import { useEffect, useId, useRef, useState } from 'react';
import { REJECTION_REASON_MAX_LENGTH, type ReviewRating } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { secondaryButtonClass } from '../../../components/form-styles';
import { formatBias, formatPoints, formatShare } from './lib/quality-format';
import { ratingDistance } from './lib/review-distance';

/** The parts of the review screen (ReviewQueuePage): a rating's state, distance and record, the rejection form. */

/** A submitted rating's review: waiting, approved (by hand or by the rules), or rejected. */
export function ReviewState({ rating, decided }: { rating: ReviewRating; decided?: boolean }) {
  if (rating.review === 'pending' && decided === undefined) return <Badge color="yellow">Waiting for review</Badge>;
  const approved = decided ?? rating.review === 'approved';
  if (approved) return <Badge color="green">{rating.auto_approved ? 'Approved automatically' : 'Approved'}</Badge>;
  return <Badge color="red">Rejected</Badge>;
}

/** The rejection's reason field: Enter rejects, Escape goes back. */
export function RejectForm({
  rating,
  busy,
  onReject,
  onCancel,
}: {
  rating: ReviewRating;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = () => {
    if (reason.trim()) onReject(reason.trim());
  };
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Reason for rejecting {rating.rater_name}&apos;s rating (the rater sees it)
      </label>
      <textarea
        id={id}
        ref={field}
        rows={2}
        required
        maxLength={REJECTION_REASON_MAX_LENGTH}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
      />
      <div className="flex gap-2">
        <button type="submit" className={`${secondaryButtonClass} text-red-700`} disabled={busy || !reason.trim()}>
          Reject
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function RaterRecord({ rating }: { rating: ReviewRating }) {
  const r = rating.rater;
  const facts: [string, string][] = [
    ['Tasks rated', String(r.tasks_rated)],
    ['Gold rated', String(r.gold_rated)],
    ['Gold error', formatPoints(r.gold_mean_abs_error)],
    ['Bias', formatBias(r.bias)],
    ['Agreement', formatShare(r.agreement)],
  ];
  return (
    <dl
      className="mt-3 grid grid-cols-3 gap-x-3 gap-y-1 text-xs sm:grid-cols-6"
      aria-label={`${rating.rater_name}'s record`}
    >
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt className="text-slate-500">{k}</dt>
          <dd className="font-medium text-slate-800">{v}</dd>
        </div>
      ))}
      <div>
        <dt className="text-slate-500">Status</dt>
        <dd>
          <Badge color={r.status === 'paused' ? 'red' : 'green'}>{r.status === 'paused' ? 'Paused' : 'Active'}</Badge>
        </dd>
      </div>
    </dl>
  );
}

/** The rating's distance from gold (or, without gold, the consensus); far ones stand out (issue 34). */
export function Distance({
  rating,
  gold,
  consensus,
}: {
  rating: number;
  gold: number | null;
  consensus: number | null;
}) {
  const d = ratingDistance(rating, gold, consensus);
  if (!d) return null;
  return d.far ? (
    <p className="mt-1 rounded bg-amber-50 px-2 py-1 text-xs font-medium text-amber-800">
      {d.text}: far from the reference, check before approving.
    </p>
  ) : (
    <p className="mt-1 text-xs text-slate-600">{d.text}</p>
  );
}
