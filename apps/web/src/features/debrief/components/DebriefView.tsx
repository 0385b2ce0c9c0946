import type { ReactNode } from 'react';
import { AlertTriangle, Lightbulb } from 'lucide-react';
import { DEBRIEF_START_BAND, type Debrief, type DebriefAnswer } from '@app/shared';
import { markFillers, paceText } from '../lib/marks';

const seconds = (s: number | null) => (s === null ? '–' : `${s.toFixed(s < 10 ? 1 : 0)} s`);
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/** One figure of the delivery summary. */
function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-slate-600">{note}</dd>}
    </div>
  );
}

function Chips({ label, items, empty }: { label: string; items: string[]; empty: string }) {
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      {items.length ? (
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={label}>
          {items.map((item) => (
            <li key={item} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800">
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">{empty}</p>
      )}
    </div>
  );
}

function AnswerCard({ answer, index, band }: { answer: DebriefAnswer; index: number; band: [number, number] }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="debrief-answer">
      {/* Answers, not questions: the greeting and a follow-up get replies too, so a practice of two
          questions may list three (issue 43). */}
      <p className="text-sm font-medium text-slate-500">Answer {index + 1}</p>
      <p className="mt-1 text-slate-800">{answer.question || 'Your opening words'}</p>
      <p className="mt-3 text-sm font-medium text-slate-500">Your answer</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">
        {markFillers(answer.text, answer.filler_spans).map((run, i) =>
          run.filler ? (
            <mark key={i} className="rounded bg-amber-100 px-0.5 text-amber-900" title="Filler word">
              {run.text}
            </mark>
          ) : (
            <span key={i}>{run.text}</span>
          ),
        )}
      </p>
      {answer.reliable ? (
        <>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
            <div className="flex gap-1">
              <dt>Pace:</dt>
              <dd className="font-medium">
                {answer.words_per_minute === null ? '–' : `${answer.words_per_minute} wpm`} (
                {paceText(answer.words_per_minute, band).toLowerCase()})
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Filler words:</dt>
              <dd className="font-medium">{answer.fillers.length}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Length:</dt>
              <dd className="font-medium">{seconds(answer.seconds)}</dd>
            </div>
          </dl>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <Chips label="Concrete things you named" items={answer.concrete_items} empty="None this time" />
            <Chips label="Job terms you used" items={answer.job_terms} empty="None of the job's key terms" />
          </div>
          {answer.suggestion && (
            <p className="mt-3 flex gap-2 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-900">
              <Lightbulb className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>{answer.suggestion}</span>
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 flex gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>The audio was hard to hear here, so this answer is not judged.</span>
        </p>
      )}
    </li>
  );
}

/** The debrief itself: delivery figures, then each answer with its transcript and content. */
export function DebriefView({ debrief, actions }: { debrief: Debrief; actions?: ReactNode }) {
  const d = debrief.delivery;
  const band = d.wpm_band;
  return (
    <div className="space-y-6">
      {!debrief.reliable && (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Some of your answers were hard to hear. Those are shown as heard and not judged.
        </p>
      )}
      <section aria-labelledby="delivery-title">
        <h2 id="delivery-title" className="text-lg font-semibold text-slate-900">
          Delivery
        </h2>
        <p className="mt-1 text-sm text-slate-600">Measured from your recorded timing and the words we heard.</p>
        <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Figure
            label="Pace"
            value={d.words_per_minute === null ? '–' : `${d.words_per_minute} wpm`}
            note={`${paceText(d.words_per_minute, band)} (${band[0]}–${band[1]} wpm)`}
          />
          <Figure
            label="Filler words"
            value={d.filler_per_100_words === null ? '–' : `${d.filler_per_100_words} per 100 words`}
          />
          <Figure label="Your share of talk" value={percent(d.talk_share)} />
          <Figure label="Longest answer" value={seconds(d.longest_answer_seconds)} />
          <Figure
            label="Time to start answering"
            value={seconds(d.start_seconds)}
            note={`Median after each question; ${DEBRIEF_START_BAND[0]}–${DEBRIEF_START_BAND[1]} s is the usual range`}
          />
        </dl>
      </section>
      <section aria-labelledby="answers-title">
        <h2 id="answers-title" className="text-lg font-semibold text-slate-900">
          Your answers
        </h2>
        {debrief.answers.length > 0 && (
          <p className="mt-1 text-sm text-slate-600">
            Each reply you gave: to the greeting, to each question and to any follow-up.
          </p>
        )}
        {debrief.answers.length ? (
          <ol className="mt-3 space-y-4">
            {debrief.answers.map((a, i) => (
              <AnswerCard key={i} answer={a} index={i} band={band} />
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No answers were heard in this interview.</p>
        )}
      </section>
      {debrief.work_sample && (
        <section aria-labelledby="work-sample-title">
          <h2 id="work-sample-title" className="text-lg font-semibold text-slate-900">
            Work sample
          </h2>
          <p className="mt-1 text-sm text-slate-700">{debrief.work_sample.summary}</p>
          <p className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
            <span className="font-medium text-slate-900">Tip: </span>
            {debrief.work_sample.tip}
          </p>
        </section>
      )}
      {actions}
    </div>
  );
}
