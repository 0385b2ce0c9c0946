import { FUNNEL_STEP_LABELS, type FunnelStepRow } from '@app/shared';
import { formatSeconds } from './lib/format-seconds';

const percent = (n: number) => `${Math.round(n * 100)}%`;

/**
 * The funnel as horizontal bars, one per step, each as wide as its count against the widest step:
 * plain CSS, so it prints, reads on a phone and needs no chart library. Every figure is text too
 * (the bar is only the picture of it), for screen readers and for copying.
 */
export function FunnelChart({ steps }: { steps: FunnelStepRow[] }) {
  const widest = Math.max(1, ...steps.map((s) => s.count));
  return (
    <ol aria-label="Funnel" className="space-y-2">
      {steps.map((s) => (
        <li
          key={s.step}
          data-testid={`funnel-step-${s.step}`}
          // On a phone the bar gets its own line under the step's name; wider, one row per step.
          className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 sm:grid-cols-[7rem_1fr_13rem]"
        >
          <span className="text-sm font-medium text-slate-700">{FUNNEL_STEP_LABELS[s.step]}</span>
          <div className="col-span-2 row-start-2 h-6 rounded bg-slate-100 sm:col-span-1 sm:row-start-1 sm:col-start-2">
            <div
              role="presentation"
              data-testid={`funnel-bar-${s.step}`}
              className="h-6 rounded bg-indigo-500"
              style={{ width: `${(s.count / widest) * 100}%` }}
            />
          </div>
          <span className="text-right text-sm text-slate-700 tabular-nums">
            <strong className="text-slate-900">{s.count}</strong>
            {s.conversion !== null && <span> · {percent(s.conversion)} of previous</span>}
            {s.median_seconds_from_previous !== null && (
              <span className="block text-xs text-slate-500">
                median {formatSeconds(s.median_seconds_from_previous)} after previous
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
