import { useEffect, useRef, useState } from 'react';
import { ContentPreview } from '../../../components/ContentPreview';
import { RatingInput } from '../../../components/RatingInput';
import {
  secondsLeft,
  type OpenWorkItem,
  type WorkFeedback,
  type WorkSampleView,
  type WorkSubmit,
} from '../session/work-sample-state';

/** The panel's words (docs/product/screens/interview.md, "Work sample"). */
export const WORK_SAMPLE_TEXT = {
  title: 'Work sample',
  thinkAloud: 'Think aloud: tell the interviewer why you give this rating.',
  submit: 'Submit rating',
  sending: 'Sending your rating…',
  timeUp: 'Time is up. You can still rate this item; the rating will be marked late.',
  allRated: 'That was the last item.',
} as const;

export const itemOfText = (item: Pick<OpenWorkItem, 'index' | 'count'>) => `Item ${item.index + 1} of ${item.count}`;

/** "1:05 left" */
export function timeLeftText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return `${m}:${s} left`;
}

/**
 * The work sample on the interview screen (issue 46): the item the server sent, with the task
 * screen's own preview and 1-5 control, one rating sent per item, the time left (never a block: a
 * late rating is kept and marked late), and, in practice, the reference rating after the candidate's.
 * Focus moves here when a new item arrives so keyboard and screen-reader users land on it.
 */
export function WorkSamplePanel({
  sample,
  onRate,
  className = '',
}: {
  sample: WorkSampleView;
  onRate: (rating: number) => void;
  className?: string;
}) {
  const { item, feedback } = sample;
  const ref = useRef<HTMLElement>(null);
  const itemId = item?.itemId;
  useEffect(() => {
    if (itemId) ref.current?.focus();
  }, [itemId]);

  if (!item && !feedback) return null;
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="work-sample-title"
      data-testid="work-sample-panel"
      className={`min-h-0 overflow-y-auto rounded-2xl bg-white p-4 text-slate-900 shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${className}`}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="work-sample-title" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {WORK_SAMPLE_TEXT.title}
        </h2>
        {item && <p className="text-sm font-medium text-slate-700">{itemOfText(item)}</p>}
      </header>
      {feedback && <PracticeFeedback feedback={feedback} />}
      {item ? (
        <WorkItemBody key={item.itemId} item={item} submit={sample.submit} note={sample.note} onRate={onRate} />
      ) : (
        <p className="mt-3 text-sm text-slate-600">{WORK_SAMPLE_TEXT.allRated}</p>
      )}
    </section>
  );
}

/** Practice: the reference rating and why, after the candidate's own rating. */
function PracticeFeedback({ feedback }: { feedback: WorkFeedback }) {
  return (
    <div role="status" className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-semibold">Reference rating: {feedback.referenceRating}</p>
      <p className="mt-0.5 text-emerald-800">Your rating: {feedback.rating}</p>
      {feedback.explanation && <p className="mt-2 whitespace-pre-line">{feedback.explanation}</p>}
    </div>
  );
}

function WorkItemBody({
  item,
  submit,
  note,
  onRate,
}: {
  item: OpenWorkItem;
  submit: WorkSubmit;
  note: string | null;
  onRate: (rating: number) => void;
}) {
  // Keyed by item: a new item starts unrated.
  const [rating, setRating] = useState(0);
  const { content } = item;
  const data = content.data_to_annotate;
  const open = submit === 'open';

  return (
    <div className="mt-2 space-y-4">
      <ItemClock item={item} />
      <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">{WORK_SAMPLE_TEXT.thinkAloud}</p>
      {/* Wide screens: the item beside the rating, which stays in view while the item scrolls. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
        <div className="min-w-0 space-y-3">
          <div>
            <h3 className="text-lg font-semibold">{content.task_name || data.title || 'Creative Work'}</h3>
            {content.task_description && <p className="mt-1 text-sm text-slate-600">{content.task_description}</p>}
            {content.instructions && (
              <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{content.instructions}</p>
            )}
          </div>
          {data.title && data.title !== content.task_name && <p className="font-medium">{data.title}</p>}
          {data.description && <p className="text-sm text-slate-600">{data.description}</p>}
          <ContentPreview data={data} compact />
        </div>

        <div className="space-y-3 lg:sticky lg:top-0">
          <RatingInput value={rating} onChange={setRating} disabled={!open} />
          <button
            type="button"
            onClick={() => onRate(rating)}
            disabled={!open || rating === 0}
            aria-busy={submit === 'sending'}
            className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {WORK_SAMPLE_TEXT.submit}
          </button>
          {submit === 'sending' && (
            <p role="status" className="text-sm text-slate-600">
              {WORK_SAMPLE_TEXT.sending}
            </p>
          )}
          {note && (
            <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {note}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** The time left on the item, once a second; at zero it says the time is up and stops. */
function ItemClock({ item }: { item: OpenWorkItem }) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(item, now);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  if (!running) {
    return (
      <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
        {WORK_SAMPLE_TEXT.timeUp}
      </p>
    );
  }
  return (
    <p role="timer" aria-label="Time left on this item" className="text-sm font-medium text-slate-700 tabular-nums">
      {timeLeftText(left)}
    </p>
  );
}
