import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import { ONBOARDING_ITEM_KEYS, ONBOARDING_ITEM_TITLES, type OnboardingItem } from '@app/shared';
import { NavButton } from '../../../components/NavButton';
import { formatDate } from '../../../lib/format';
import { useOnboarding } from '../../../api/contracting/onboarding';

/** Where each item opens: its document, the tax form, or the payment settings (docs/product/screens/onboarding-items.md). */
function screenOf(item: OnboardingItem, jobId: string): string {
  if (item.document_id) return `/documents/${item.document_id}?job=${encodeURIComponent(jobId)}`;
  if (item.key === 'tax_form') return `/tax-form?job=${encodeURIComponent(jobId)}`;
  return '/earnings?tab=settings';
}

/**
 * 'View initial project information': the seven onboarding items of an accepted job, each with its
 * real status from the server, each opening the screen that completes it.
 */
export function DocumentsList({ jobId, accepted }: { jobId: string | null; accepted: boolean }) {
  const onboarding = useOnboarding(jobId, accepted);
  const items = onboarding.data?.items;
  const done = items?.filter((i) => i.status === 'done').length ?? 0;

  return (
    <section aria-labelledby="docs-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="docs-title" className="font-semibold text-slate-900">
        View initial project information
      </h2>
      {!accepted || !jobId ? (
        <>
          <p className="mt-2 text-sm text-slate-600">These open once your application is accepted.</p>
          <ul className="mt-3 space-y-1">
            {ONBOARDING_ITEM_KEYS.map((key) => (
              <li key={key} className="flex items-center gap-3 px-2 py-2 text-sm text-slate-500">
                <Circle className="h-5 w-5 shrink-0 text-slate-300" aria-hidden />
                {ONBOARDING_ITEM_TITLES[key]}
              </li>
            ))}
          </ul>
        </>
      ) : onboarding.isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading your onboarding...</p>
      ) : onboarding.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Could not load your onboarding items.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600" data-testid="onboarding-progress">
            {done} of {items!.length} done
          </p>
          <ul className="mt-3 space-y-1">
            {items!.map((item) => {
              const isDone = item.status === 'done';
              return (
                <li key={item.key}>
                  <NavButton
                    to={screenOf(item, jobId)}
                    data-done={isDone}
                    data-testid="onboarding-item"
                    className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm hover:bg-slate-50"
                  >
                    {isDone ? (
                      <CheckCircle2 className="h-5 w-5 shrink-0 text-green-600" aria-hidden />
                    ) : (
                      <Circle className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="block text-slate-800">{item.title}</span>
                      <span className={`block text-xs ${isDone ? 'text-green-700' : 'text-slate-500'}`}>
                        {isDone ? `Done ${formatDate(item.done_at)}` : 'To do'}
                      </span>
                    </span>
                    <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  </NavButton>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
