import { Link } from 'react-router';
import { ArrowLeft, Check } from 'lucide-react';
import { APPLICATION_STEP_TITLES, PRODUCT_NAME, type ApplicationStepId } from '@app/shared';
import { MobileStepHeader } from '../../../components/MobileStepHeader';

const STEP_PURPOSE: Record<ApplicationStepId, string> = {
  resume: 'Share your latest resume',
  work_authorization: 'Confirm you can work',
  availability: 'Check the schedule',
  equipment: 'Camera and microphone',
};

/** Where the candidate is in the wizard: the step list (wide screens) and a progress bar (narrow ones). */
export function ApplicationProgress({ steps, index }: { steps: ApplicationStepId[]; index: number }) {
  return (
    <>
      <aside className="hidden w-72 shrink-0 flex-col border-r border-slate-200 bg-white px-6 py-8 md:flex">
        <p className="text-lg font-semibold text-brand-700">{PRODUCT_NAME}</p>
        <Link
          to="/"
          className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Marketplace
        </Link>
        <nav aria-label="Application steps" className="mt-8">
          <ol className="space-y-2">
            {steps.map((s, i) => (
              <li
                key={s}
                aria-current={i === index ? 'step' : undefined}
                className={`flex items-start gap-3 rounded-lg px-3 py-2.5 ${i === index ? 'bg-brand-50' : ''}`}
              >
                <span
                  aria-hidden
                  className={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                    i < index
                      ? 'bg-green-600 text-white'
                      : i === index
                        ? 'bg-brand-600 text-white'
                        : 'bg-slate-200 text-slate-600'
                  }`}
                >
                  {i < index ? <Check className="h-4 w-4" /> : i + 1}
                </span>
                <span>
                  <span className="block text-sm font-medium text-slate-800">{APPLICATION_STEP_TITLES[s]}</span>
                  <span className="block text-xs text-slate-500">{STEP_PURPOSE[s]}</span>
                </span>
              </li>
            ))}
          </ol>
        </nav>
      </aside>

      <MobileStepHeader label="Application progress" step={index + 1} total={steps.length}>
        <Link to="/" className="inline-flex items-center gap-1 text-slate-600">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Marketplace
        </Link>
      </MobileStepHeader>
    </>
  );
}
