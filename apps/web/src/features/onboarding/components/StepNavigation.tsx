import { Check } from 'lucide-react';
import { ONBOARDING_STEPS, PRODUCT_NAME } from '@app/shared';
import { MobileStepHeader } from '../../../components/MobileStepHeader';

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
export function OnboardingMobileHeader({ current }: { current: number }) {
  return (
    <MobileStepHeader label="Onboarding progress" step={current} total={ONBOARDING_STEPS.length}>
      <span className="font-semibold text-slate-900">{ONBOARDING_STEPS[current - 1]!.title}</span>
    </MobileStepHeader>
  );
}
