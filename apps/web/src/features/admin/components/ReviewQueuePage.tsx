import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import {
  REJECTION_REASON_MAX_LENGTH,
  type DataToAnnotate,
  type ReviewItem,
  type ReviewRating,
  type TaskReviewRequest,
} from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { secondaryButtonClass } from '../../../components/form-styles';
import { absoluteUrl } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { useJob } from '../api/jobs';
import { adminKeys } from '../api/query';
import { useReviewQueue } from '../api/quality';
import { reviewTask } from '../api/tasks';
import { formatBias, formatPoints, formatShare } from '../lib/quality-format';
import { REVIEW_SHORTCUTS, reviewKeyAction } from '../lib/review-keys';
import { DecisionButtons, PageHeader, dateTime } from './ui';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

/** The item being reviewed, by its data type (the rater saw the same). */
function ItemContent({ data }: { data: DataToAnnotate }) {
  const url = absoluteUrl(data.data_url);
  const box = 'max-h-80 overflow-y-auto whitespace-pre-wrap rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm';
  switch (data.data_type) {
    case 'text':
      return <div className={box}>{data.data_content?.text ?? ''}</div>;
    case 'image':
      return (
        <img
          src={url}
          alt={data.title || 'Item'}
          className="max-h-80 w-full rounded-lg border border-slate-200 bg-slate-50 object-contain"
        />
      );
    case 'video':
      return <video src={url} controls className="max-h-80 w-full rounded-lg bg-black" aria-label="Video content" />;
    case 'audio':
      return <audio src={url} controls className="w-full" aria-label="Audio content" />;
    case 'document':
      return (
        <a href={url} target="_blank" rel="noreferrer" className={secondaryButtonClass}>
          <FileText className="h-4 w-4" aria-hidden />
          Open document
        </a>
      );
    default:
      return Array.isArray(data.transcript) ? (
        <ol className={`${box} space-y-2`}>
          {data.transcript.map((turn, i) => (
            <li key={i}>
              <span className="font-semibold">{turn.speaker}:</span> {turn.text}
            </li>
          ))}
        </ol>
      ) : (
        <div className={box}>{data.transcript || data.data_content?.text || 'No content.'}</div>
      );
  }
}

/** A submitted rating's review: waiting, approved (by hand or by the rules), or rejected. */
function ReviewState({ rating, decided }: { rating: ReviewRating; decided?: boolean }) {
  if (rating.review === 'pending' && decided === undefined) return <Badge color="yellow">Waiting for review</Badge>;
  const approved = decided ?? rating.review === 'approved';
  if (approved) return <Badge color="green">{rating.auto_approved ? 'Approved automatically' : 'Approved'}</Badge>;
  return <Badge color="red">Rejected</Badge>;
}

/** The rejection's reason field: Enter rejects, Escape goes back. */
function RejectForm({
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

function RaterRecord({ rating }: { rating: ReviewRating }) {
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

type Decision = { taskId: string; body: TaskReviewRequest };

/**
 * The review queue of one job (issue 26): one item at a time with its content, every rating and note,
 * the gold answer, consensus and spread and each rater's record; approve or reject each waiting rating
 * (a rejection needs a reason), by button or key, and on to the next item until the queue is empty.
 */
export function ReviewQueuePage() {
  const jobId = useParams().jobId!;
  const job = useJob(jobId);
  const queue = useReviewQueue(jobId);
  const qc = useQueryClient();
  // Decisions made here, so the screen moves on at once instead of waiting for the queue to reload.
  const [decided, setDecided] = useState<Record<string, boolean>>({});
  const [cursor, setCursor] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);

  const items = (queue.data?.items ?? []).filter((item) =>
    item.ratings.some((r) => r.review === 'pending' && decided[r.task_id] === undefined),
  );
  const index = Math.max(
    0,
    items.findIndex((i) => i.item_id === cursor),
  );
  const item: ReviewItem | undefined = items[index];
  const waiting = item?.ratings.filter((r) => r.review === 'pending' && decided[r.task_id] === undefined) ?? [];
  // The rating the keys act on: the one being rejected, else the first still waiting.
  const current = waiting.find((r) => r.task_id === rejecting) ?? waiting[0];
  const cleared = (queue.data?.items ?? []).length - items.length;
  const remaining = Math.max(items.length, (queue.data?.total ?? 0) - cleared);

  const review = useMutation({
    mutationFn: ({ taskId, body }: Decision) => reviewTask(taskId, body),
    onMutate: ({ taskId, body }) => {
      setDecided((d) => ({ ...d, [taskId]: body.approved }));
      setRejecting(null);
      // The item's last waiting rating: go on to the next item (the queue keeps its order).
      if (item && waiting.every((r) => r.task_id === taskId)) setCursor(items[index + 1]?.item_id ?? null);
    },
    onError: (_err, { taskId }) =>
      setDecided((d) => {
        const { [taskId]: _undone, ...rest } = d;
        return rest;
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });

  const move = (step: 1 | -1) => {
    if (items.length < 2) return;
    setRejecting(null);
    setCursor(items[(index + step + items.length) % items.length]!.item_id);
  };
  const approve = (r: ReviewRating) => review.mutate({ taskId: r.task_id, body: { approved: true } });

  // The latest handlers for the key listener, which is attached once.
  const keys = useRef({ approve, move, reject: (r: ReviewRating) => setRejecting(r.task_id), current });
  keys.current = { approve, move, reject: (r: ReviewRating) => setRejecting(r.task_id), current };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = reviewKeyAction(e);
      if (!action) return;
      const k = keys.current;
      if ((action === 'approve' || action === 'reject') && !k.current) return;
      // Taken by the screen: the R must not also be typed into the reason field it focuses.
      e.preventDefault();
      if (action === 'approve') k.approve(k.current!);
      else if (action === 'reject') k.reject(k.current!);
      else k.move(action === 'next' ? 1 : -1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const data = item?.data_to_annotate as DataToAnnotate | undefined;

  return (
    <>
      <Link to={`/admin/jobs/${jobId}/quality`} className={linkClass}>
        ← Quality
      </Link>
      <div className="mt-2">
        <PageHeader title={job.data ? `Review queue: ${job.data.title}` : 'Review queue'}>
          {item && (
            <span className="text-sm text-slate-600" data-testid="review-position">
              Item {index + 1} of {remaining}
            </span>
          )}
        </PageHeader>
      </div>
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Keyboard shortcuts">
        {REVIEW_SHORTCUTS.map(([k, what]) => (
          <span key={what}>
            {k.map((key, i) => (
              <span key={key}>
                {i > 0 && ' or '}
                <kbd className="rounded border border-slate-300 bg-white px-1.5 py-0.5 font-mono text-slate-800">
                  {key}
                </kbd>
              </span>
            ))}{' '}
            {what}
          </span>
        ))}
      </p>
      <ErrorBanner message={queue.error ? describeError(queue.error, 'Could not load the review queue') : null} />
      <ErrorBanner message={review.error ? describeError(review.error, 'Could not record the review') : null} />
      {!item && queue.isPending && <Spinner label="Loading the review queue..." />}
      {!item && !queue.isPending && !queue.error && (queue.isFetching || remaining > 0) && (
        <Spinner label="Loading the next items..." />
      )}
      {!item && !queue.isPending && !queue.error && !queue.isFetching && remaining === 0 && (
        <div role="status" className="rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
          <p className="text-lg font-semibold text-slate-900">Review queue is empty</p>
          <p className="mt-1 text-sm text-slate-600">Every submitted rating of this job has been reviewed.</p>
          <Link to={`/admin/jobs/${jobId}/quality`} className={`${linkClass} mt-3 inline-block`}>
            Back to the quality report
          </Link>
        </div>
      )}
      {item && data && (
        <article aria-label={`Item ${item.task_name}`} className="grid items-start gap-4 lg:grid-cols-5">
          <section
            aria-label="Item"
            className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2"
          >
            <h2 className="text-lg font-semibold text-slate-900">{item.task_name}</h2>
            {data.title && data.title !== item.task_name && <p className="text-sm text-slate-700">{data.title}</p>}
            {item.task_description && <p className="text-sm text-slate-600">{item.task_description}</p>}
            <ItemContent data={data} />
            {item.instructions && (
              <p className="text-xs text-slate-600">
                <span className="font-medium">Instructions:</span> {item.instructions}
              </p>
            )}
            <dl className="grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-sm">
              <div>
                <dt className="text-xs text-slate-500">Gold</dt>
                <dd className="font-semibold text-amber-700">{item.gold === null ? 'None' : `${item.gold} / 5`}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Consensus</dt>
                <dd className="font-semibold text-slate-900">{formatPoints(item.consensus)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Spread</dt>
                <dd className="font-semibold text-slate-900">{formatPoints(item.spread)}</dd>
              </div>
            </dl>
            {item.needs_review && (
              <p className="text-xs font-medium text-amber-700">The ratings are more than one point apart.</p>
            )}
          </section>
          <section aria-label="Ratings" className="space-y-3 lg:col-span-3">
            {item.ratings.map((r) => {
              const isWaiting = r.review === 'pending' && decided[r.task_id] === undefined;
              const isCurrent = current?.task_id === r.task_id;
              return (
                <div
                  key={r.task_id}
                  data-testid="review-rating"
                  aria-current={isCurrent ? 'true' : undefined}
                  className={`rounded-xl border bg-white p-4 shadow-sm ${
                    isCurrent ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200'
                  }`}
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-medium text-slate-900">{r.rater_name}</p>
                      <p className="text-xs text-slate-500">Submitted {dateTime(r.submitted_at)}</p>
                    </div>
                    <div className="flex items-center gap-3">
                      <span className="text-xl font-semibold text-slate-900">{r.rating} / 5</span>
                      <ReviewState rating={r} decided={decided[r.task_id]} />
                    </div>
                  </div>
                  {item.gold !== null && (
                    <p className="mt-1 text-xs text-slate-600">
                      {r.rating === item.gold
                        ? 'Same as gold'
                        : `${Math.abs(r.rating - item.gold)} point${Math.abs(r.rating - item.gold) === 1 ? '' : 's'} ${
                            r.rating > item.gold ? 'above' : 'below'
                          } gold`}
                    </p>
                  )}
                  <p className="mt-2 text-sm whitespace-pre-wrap text-slate-700">
                    {r.notes || <span className="text-slate-400">No notes.</span>}
                  </p>
                  <RaterRecord rating={r} />
                  {isWaiting && rejecting !== r.task_id && (
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      <DecisionButtons
                        approve="Approve"
                        subject={`${r.rater_name}'s rating`}
                        busy={review.isPending}
                        onDecide={(ok) => (ok ? approve(r) : setRejecting(r.task_id))}
                      />
                      {isCurrent && <span className="text-xs text-slate-500">A or R</span>}
                    </div>
                  )}
                  {isWaiting && rejecting === r.task_id && (
                    <RejectForm
                      rating={r}
                      busy={review.isPending}
                      onCancel={() => setRejecting(null)}
                      onReject={(reason) => review.mutate({ taskId: r.task_id, body: { approved: false, reason } })}
                    />
                  )}
                </div>
              );
            })}
            {items.length > 1 && (
              <div className="flex justify-between">
                <button type="button" className={secondaryButtonClass} onClick={() => move(-1)}>
                  Previous item
                </button>
                <button type="button" className={secondaryButtonClass} onClick={() => move(1)}>
                  Next item
                </button>
              </div>
            )}
          </section>
        </article>
      )}
    </>
  );
}
