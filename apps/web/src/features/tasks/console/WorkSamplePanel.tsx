import { useState } from 'react';
import { Link } from 'react-router';
import type { WorkSampleItem, WorkSamplePool } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { ErrorBanner } from '../../../components/ErrorBanner';
import { ConfirmDialog } from '../../../components/lazy-dialogs';
import { secondaryButtonClass } from '../../../components/form-styles';
import { describeError } from '../../../lib/describe-error';
import { Empty, Table, WhenLoaded, td } from '../../../components/console-ui';
import { useRetireWorkSampleItem, useWorkSamplePool } from './api/work-sample';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Whether candidates get a sample, and if not, what is missing (issue 46). */
function SampleState({ pool }: { pool: WorkSamplePool }) {
  const size = pool.items.filter((i) => i.pool === 'work_sample').length;
  const edit = (
    <Link to={`/admin/jobs/${pool.job_id}/edit`} className="text-brand-700 hover:underline">
      Edit job
    </Link>
  );
  if (pool.active) {
    return (
      <p className="text-sm text-slate-700" data-testid="work-sample-state">
        <Badge color="green">On</Badge> Each candidate rates {pool.work_sample_count} of the{' '}
        {plural(size, 'work-sample item')}, {pool.work_sample_seconds} seconds each, at the end of the interview. {edit}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700" data-testid="work-sample-state">
      <Badge color="grey">Off</Badge>{' '}
      {pool.work_sample_count === 0
        ? 'Items per candidate is 0 for this job.'
        : `Needs ${plural(pool.work_sample_count, 'item')}, has ${size}: add work-sample items from a file above, or lower the count.`}{' '}
      {edit}
    </p>
  );
}

/** One pool item: its name, pool, gold, how many candidates saw it, and the retire button. */
function ItemRow({ item, limit, onRetire }: { item: WorkSampleItem; limit: number; onRetire: () => void }) {
  return (
    <tr>
      {/* One block per cell: on a phone each cell is a labelled line of the row's card. */}
      <td className={td}>
        <div>
          <div className="font-medium text-slate-900">{item.task_name}</div>
          {item.item.data_to_annotate.title && (
            <div className="text-xs text-slate-500">{item.item.data_to_annotate.title}</div>
          )}
          {item.explanation && <p className="line-clamp-2 max-w-xs text-xs text-slate-600">{item.explanation}</p>}
        </div>
      </td>
      <td className={td}>{item.pool === 'work_sample' ? 'Work sample' : 'Practice example'}</td>
      <td className={td}>{item.gold_rating} / 5</td>
      <td className={td}>
        <div>
          {plural(item.served, 'candidate')}
          {item.overexposed && (
            // Not a badge: the sentence wraps on a phone.
            <p className="mt-1 rounded bg-yellow-100 px-2 py-0.5 text-xs font-medium text-yellow-800">
              Rotate: shown to more than {limit} candidates
            </p>
          )}
        </div>
      </td>
      <td className={`${td} text-right`}>
        <button
          type="button"
          className={`${secondaryButtonClass} px-3 py-1`}
          aria-label={`Retire ${item.task_name}`}
          onClick={onRetire}
        >
          Retire
        </button>
      </td>
    </tr>
  );
}

function PoolTable({ pool }: { pool: WorkSamplePool }) {
  const retire = useRetireWorkSampleItem();
  const [asking, setAsking] = useState<WorkSampleItem | null>(null);
  const needed = pool.work_sample_count;
  const size = pool.items.filter((i) => i.pool === 'work_sample').length;
  // Retiring one of the last `count` items switches the sample off until another is added.
  const stops = asking?.pool === 'work_sample' && pool.active && size - 1 < needed;

  return (
    <>
      <ErrorBanner message={retire.error ? describeError(retire.error, 'Could not retire the item') : null} />
      {pool.items.length === 0 ? (
        <Empty>No work-sample items or practice examples yet.</Empty>
      ) : (
        <Table label="Work-sample items" head={['Item', 'Pool', 'Gold', 'Shown to', '']}>
          {pool.items.map((item) => (
            <ItemRow
              key={item.item_id}
              item={item}
              limit={pool.exposure_limit}
              onRetire={() => {
                retire.reset();
                setAsking(item);
              }}
            />
          ))}
        </Table>
      )}
      {asking && (
        <ConfirmDialog
          title={`Retire “${asking.task_name}”?`}
          confirmLabel="Retire"
          busy={retire.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => retire.mutate(asking.item_id, { onSettled: () => setAsking(null) })}
        >
          <p>
            It leaves the {asking.pool === 'work_sample' ? 'work sample' : 'practice examples'} for good; interviews
            that used it keep their copy of it and its gold rating.
          </p>
          {stops && (
            <p className="mt-2 font-medium text-amber-800">
              The sample needs {plural(needed, 'item')}: it stops until you add another.
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * A job's work sample (issue 46): whether it runs, and every item of its work-sample and practice
 * pools with its gold, how many candidates were shown it, a flag to rotate the over-exposed ones, and
 * a button to retire one.
 */
export function WorkSamplePanel({ jobId }: { jobId: string }) {
  return (
    <WhenLoaded query={useWorkSamplePool(jobId)} loading="Loading the work sample..." notFound="Job not found">
      {(pool) => (
        <div className="space-y-4">
          <SampleState pool={pool} />
          <PoolTable pool={pool} />
        </div>
      )}
    </WhenLoaded>
  );
}
