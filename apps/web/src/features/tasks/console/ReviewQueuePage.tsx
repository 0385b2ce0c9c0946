import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataToAnnotate, ReviewItem, ReviewRating, TaskReviewRequest } from '@app/shared';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { Spinner } from '../../../components/Spinner';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { useJob } from '../../../api/admin/jobs';
import { adminKeys } from '../../../api/admin/query';
import { useReviewQueue } from './api/quality';
import { reviewTask } from './api/tasks';
import { formatPoints } from './lib/quality-format';
import { REVIEW_SHORTCUTS, reviewKeyAction } from './lib/review-keys';
import { ContentPreview } from '../../../components/ContentPreview';
import { Distance, RaterRecord, RejectForm, ReviewState } from './ReviewParts';
import { DecisionButtons, PageHeader, dateTime } from '../../../components/console-ui';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

type Decision = { taskId: string; body: TaskReviewRequest };

/** How long an approval can be undone before it is sent (issue 34, decision 0187). */
export const UNDO_MS = 5000;

/** An approval made on screen and not sent yet: Undo brings its item back. */
type Held = { taskId: string; raterName: string; cursor: string | null; timer: ReturnType<typeof setTimeout> };

/**
 * The review queue of one job (issue 26): one item at a time with its content, every rating and note,
 * the gold answer, consensus and spread and each rater's record; approve or reject each waiting rating
 * (a rejection needs a reason), by button or key, and on to the next item until the queue is empty.
 */
export function ReviewQueuePage({ undoMs = UNDO_MS }: { undoMs?: number } = {}) {
  const jobId = useParams().jobId!;
  const job = useJob(jobId);
  const queue = useReviewQueue(jobId);
  const qc = useQueryClient();
  // Decisions made here, so the screen moves on at once instead of waiting for the queue to reload.
  const [decided, setDecided] = useState<Record<string, boolean>>({});
  const [cursor, setCursor] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  // The last approval, held for a few seconds so that it can be undone (A asks nothing).
  const held = useRef<Held | null>(null);
  const [heldView, setHeldView] = useState<Pick<Held, 'taskId' | 'raterName'> | null>(null);

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

  const forget = (taskId: string) =>
    setDecided((d) => {
      const { [taskId]: _undone, ...rest } = d;
      return rest;
    });
  const review = useMutation({
    mutationFn: ({ taskId, body }: Decision) => reviewTask(taskId, body),
    onError: (_err, { taskId }) => forget(taskId),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
  /** Shows a decision at once: the rating leaves the waiting list, the item's last one moves on. */
  const decideOnScreen = (taskId: string, approved: boolean) => {
    setDecided((d) => ({ ...d, [taskId]: approved }));
    setRejecting(null);
    if (item && waiting.every((r) => r.task_id === taskId)) setCursor(items[index + 1]?.item_id ?? null);
  };
  /** Sends the held approval now (its time is up, or another decision follows it). */
  const sendHeld = () => {
    const h = held.current;
    if (!h) return;
    clearTimeout(h.timer);
    held.current = null;
    setHeldView(null);
    review.mutate({ taskId: h.taskId, body: { approved: true } });
  };
  const undo = () => {
    const h = held.current;
    if (!h) return;
    clearTimeout(h.timer);
    held.current = null;
    setHeldView(null);
    forget(h.taskId);
    setCursor(h.cursor);
  };
  const approve = (r: ReviewRating) => {
    sendHeld();
    const before = item?.item_id ?? null;
    decideOnScreen(r.task_id, true);
    held.current = { taskId: r.task_id, raterName: r.rater_name, cursor: before, timer: setTimeout(sendHeld, undoMs) };
    setHeldView({ taskId: r.task_id, raterName: r.rater_name });
  };
  const reject = (r: ReviewRating, reason: string) => {
    sendHeld();
    decideOnScreen(r.task_id, false);
    review.mutate({ taskId: r.task_id, body: { approved: false, reason } });
  };
  // Leaving the screen sends a held approval: only Undo takes one back.
  const sendHeldRef = useRef(sendHeld);
  sendHeldRef.current = sendHeld;
  useEffect(() => () => sendHeldRef.current(), []);

  const move = (step: 1 | -1) => {
    if (items.length < 2) return;
    setRejecting(null);
    setCursor(items[(index + step + items.length) % items.length]!.item_id);
  };
  // The latest handlers for the key listener, which is attached once.
  const keys = useRef({ approve, move, undo, reject: (r: ReviewRating) => setRejecting(r.task_id), current });
  keys.current = { approve, move, undo, reject: (r: ReviewRating) => setRejecting(r.task_id), current };
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
      else if (action === 'undo') k.undo();
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
      {/* No keyboard on a touch screen: its hints are hidden there (issue 34). */}
      <p
        className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 pointer-coarse:hidden"
        aria-label="Keyboard shortcuts"
      >
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
      {heldView && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white"
        >
          <span>Approved {heldView.raterName}&apos;s rating.</span>
          <button type="button" onClick={undo} className="font-semibold underline">
            Undo
          </button>
        </div>
      )}
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
            {/* Keyed: a broken image of one item says nothing of the next. */}
            <ContentPreview key={item.item_id} data={data} compact />
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
                  <Distance rating={r.rating} gold={item.gold} consensus={item.consensus} />
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
                      {isCurrent && <span className="text-xs text-slate-500 pointer-coarse:hidden">A or R</span>}
                    </div>
                  )}
                  {isWaiting && rejecting === r.task_id && (
                    <RejectForm
                      rating={r}
                      busy={review.isPending}
                      onCancel={() => setRejecting(null)}
                      onReject={(reason) => reject(r, reason)}
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
