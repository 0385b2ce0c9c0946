import type { Job } from '@app/shared';
import { payPerHourText, postedTimeText } from '@app/shared';
import { Badge } from '../../../components/Badge';

type Props = { job: Job; applied: boolean; selected: boolean; onOpen: () => void };

/** One marketplace card: title, '{amount}/hr', posted time, 'Applied' badge, position type. */
export function JobCard({ job, applied, selected, onOpen }: Props) {
  const pay = payPerHourText(job.pay_per_hour);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={selected ? 'true' : undefined}
        data-testid="job-card"
        className={`w-full rounded-xl border bg-white p-4 text-left shadow-sm transition hover:border-brand-500 hover:shadow ${
          selected ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'
        }`}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-semibold text-slate-900">{job.title}</h2>
          {applied && <Badge color="green">Applied</Badge>}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          {pay && <span className="font-medium text-slate-900">{pay}</span>}
          <span>{postedTimeText(job.created_at)}</span>
        </div>
        <div className="mt-3">
          <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {job.position_type}
          </span>
        </div>
      </button>
    </li>
  );
}
