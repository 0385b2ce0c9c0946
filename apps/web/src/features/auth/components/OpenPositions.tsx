import { Link } from 'react-router';
import { isListedJob, payPerHourText, sortJobs } from '@app/shared';
import { useJobs } from '../../../api/jobs/get-jobs';

/** How many of the newest open jobs a signed-out visitor sees beside the sign-in card. */
const SHOWN = 6;

/**
 * What a signed-out visitor learns before signing in (issue 43 item 20, decision 0227): what the product
 * is, and the open jobs from the public job list. The marketplace itself stays behind sign-in (the spec's
 * route table); each job leads to sign-up. Nothing shows while the list loads or if it fails, so the
 * prerendered page (decision 0130) and the app's first render are the same.
 */
export function OpenPositions() {
  const { data } = useJobs();
  const open = sortJobs((data ?? []).filter(isListedJob), 'newest').slice(0, SHOWN);
  return (
    <section aria-labelledby="open-positions" className="w-full max-w-md lg:max-w-lg">
      <h2 id="open-positions" className="text-xl font-semibold text-slate-900">
        Paid, remote creative work
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        Designers, illustrators, writers and other creative professionals rate and annotate creative work for AI
        research, by the hour, from anywhere. Build your profile, apply to a job, take a short AI-conducted interview,
        and once accepted do paid rating tasks and follow your earnings.
      </p>
      {open.length > 0 && (
        <>
          <h3 className="mt-6 text-sm font-semibold tracking-wide text-slate-500 uppercase">Open positions</h3>
          <ul className="mt-2 space-y-2">
            {open.map((job) => {
              const pay = payPerHourText(job.pay_per_hour);
              return (
                <li key={job.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-medium text-slate-900">{job.title}</span>
                    {pay && <span className="shrink-0 text-sm font-medium text-slate-700">{pay}</span>}
                  </div>
                  <p className="mt-0.5 text-xs text-slate-500">{job.position_type} · Hourly contract · Remote</p>
                </li>
              );
            })}
          </ul>
          <p className="mt-3 text-sm text-slate-600">
            <Link to="/signup" className="font-medium text-brand-600 hover:underline">
              Create an account
            </Link>{' '}
            to see the details and apply.
          </p>
        </>
      )}
    </section>
  );
}
