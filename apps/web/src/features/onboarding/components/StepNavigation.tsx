import { Check } from 'lucide-react';
import { ONBOARDING_STEPS, PRODUCT_NAME } from '@app/shared';

type Props = {
  current: number;
  completed: ReadonlySet<number>;
  onSelect: (step: number) => void;
};

/** Desktop: the side list of steps. Earlier or completed steps can be clicked; later ones are disabled. */
export function StepSidebar({ current, completed, onSelect }: Props) {
  return (
    <aside className="hidden w-72 shrink-0 border-r border-slate-200 bg-white px-6 py-8 md:block">
      <p className="text-lg font-semibold text-brand-700">{PRODUCT_NAME}</p>
      <p className="mt-1 text-sm text-slate-500">Complete your profile</p>
      <nav aria-label="Onboarding steps" className="mt-8">
        <ol className="space-y-2">
          {ONBOARDING_STEPS.map((s, i) => {
            const step = i + 1;
            const isCurrent = step === current;
            const isDone = completed.has(step);
            const enabled = step < current || isDone;
            return (
              <li key={s.title}>
                <button
                  type="button"
                  disabled={!enabled && !isCurrent}
                  aria-current={isCurrent ? 'step' : undefined}
                  onClick={() => enabled && onSelect(step)}
                  className={`flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left disabled:cursor-not-allowed ${
                    isCurrent ? 'bg-brand-50' : enabled ? 'hover:bg-slate-50' : 'opacity-50'
                  }`}
                >
                  <span
                    className={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                      isDone && !isCurrent
                        ? 'bg-green-600 text-white'
                        : isCurrent
                          ? 'bg-brand-600 text-white'
                          : 'bg-slate-200 text-slate-600'
                    }`}
                    aria-hidden
                  >
                    {isDone && !isCurrent ? <Check className="h-4 w-4" /> : step}
                  </span>
                  <span>
                    <span className={`block text-sm font-medium ${isCurrent ? 'text-brand-700' : 'text-slate-800'}`}>
                      {s.title}
                    </span>
                    <span className="block text-xs text-slate-500">{s.purpose}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
    </aside>
  );
}

/** Mobile: a header with the step title, 'Step N of M' and a progress bar. */
export function MobileStepHeader({ current }: { current: number }) {
  const total = ONBOARDING_STEPS.length;
  const step = ONBOARDING_STEPS[current - 1]!;
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white px-4 py-3 md:hidden">
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold text-slate-900">{step.title}</span>
        <span className="text-slate-500">
          Step {current} of {total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${(current / total) * 100}%` }}
        />
      </div>
    </header>
  );
}
