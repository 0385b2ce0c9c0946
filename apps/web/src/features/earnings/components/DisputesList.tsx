import { Badge } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { useDisputes } from '../api/disputes';

const COLORS = { open: 'yellow', overturned: 'green', upheld: 'red' } as const;
const LABELS = { open: 'Open', overturned: 'Overturned', upheld: 'Upheld' } as const;

/** The rater's disputes and where each stands; nothing shown until there is one. */
export function DisputesList() {
  const disputes = useDisputes();
  if (!disputes.data || disputes.data.length === 0) return null;
  return (
    <section aria-labelledby="disputes-title" className="border-t border-slate-200 px-4 py-3">
      <h3 id="disputes-title" className="text-sm font-semibold text-slate-700">
        Your disputes
      </h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {disputes.data.map((d) => (
          <li key={d.id} data-testid="dispute" className="flex items-start justify-between gap-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {d.task_name} - {d.job_title}
              </p>
              <p className="text-slate-500">Sent {formatDate(d.created_at)}</p>
              {d.resolution && <p className="text-slate-700">{d.resolution}</p>}
            </div>
            <Badge color={COLORS[d.status]}>{LABELS[d.status]}</Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}
