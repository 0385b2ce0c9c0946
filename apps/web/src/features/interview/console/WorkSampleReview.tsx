import { Play } from 'lucide-react';
import type { AdminInterviewDetail, WorkSampleResult, WorkSampleResultItem } from '@app/shared';
import { Badge } from '../../../components/Badge';
import { Section, Table, td } from '../../../components/console-ui';
import { formatClock } from '../../../lib/format';
import type { RecordingPlayer } from './useRecordingPlayer';
import { formatDistance, formatSeconds, formatShare, hadWorkSample, itemAt } from './lib/work-sample-review';

function Figure({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
      <dd className="text-xs text-slate-500">{help}</dd>
    </div>
  );
}

/** Plays the recording from the moment the item was put on the candidate's screen. */
function PlayButton({ item, recording }: { item: WorkSampleResultItem; recording: RecordingPlayer }) {
  const at = item.offset_seconds;
  if (at === null) return <span className="text-slate-400">—</span>;
  return (
    <button
      type="button"
      disabled={!recording.ready}
      aria-label={`Play ${item.task_name} from ${formatClock(at)}`}
      title={recording.ready ? undefined : 'No recording to play'}
      onClick={() => {
        recording.seekTo(at);
        // The player sits above this section: bring it into view (on a phone it is a screen away).
        recording.videoProps.ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
      }}
      className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-default disabled:opacity-50"
    >
      <Play className="h-3 w-3" aria-hidden />
      {formatClock(at)}
    </button>
  );
}

function ItemRow({
  item,
  playing,
  recording,
}: {
  item: WorkSampleResultItem;
  playing: boolean;
  recording: RecordingPlayer;
}) {
  const rated = item.rating !== null;
  return (
    <tr aria-current={playing ? 'true' : undefined} className={playing ? 'bg-brand-50' : undefined}>
      <td className={td}>
        <span className="font-medium text-slate-900">
          {item.position + 1}. {item.task_name}
        </span>
      </td>
      <td className={td}>{rated ? `${item.rating} / 5` : <span className="text-slate-500">Not rated</span>}</td>
      <td className={td}>{item.gold_rating} / 5</td>
      <td className={td}>{item.distance ?? '—'}</td>
      {/* One block per cell: on a phone each cell is a labelled line of the row's card. */}
      <td className={td}>
        <span>
          {formatSeconds(item.seconds)}
          {item.late && (
            <>
              {' '}
              <Badge color="yellow">late</Badge>
            </>
          )}
        </span>
      </td>
      <td className={`${td} max-w-sm text-slate-700`}>
        {item.think_aloud ? `“${item.think_aloud}”` : <span className="text-slate-400">Nothing said</span>}
      </td>
      <td className={td}>
        <PlayButton item={item} recording={recording} />
      </td>
    </tr>
  );
}

function Result({ result, recording }: { result: WorkSampleResult; recording: RecordingPlayer }) {
  const playing = recording.time > 0 ? itemAt(result.items, recording.time) : null;
  const rated = result.items.filter((i) => i.rating !== null).length;
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid gap-3 sm:grid-cols-3" aria-label="Work-sample figures">
        <Figure
          label="Mean distance from gold"
          value={formatDistance(result.mean_abs_distance)}
          help="Average of |rating − gold| on a 1-5 scale; 0 is exact."
        />
        <Figure
          label="Within one point"
          value={formatShare(result.within_one_share)}
          help="Share of the rated items at most one point from gold."
        />
        <Figure
          label="Median time per item"
          value={formatSeconds(result.median_seconds)}
          help={`${rated} of ${result.items.length} item${result.items.length === 1 ? '' : 's'} rated.`}
        />
      </dl>
      <Table
        label="Work-sample items"
        head={['Item', 'Rating', 'Gold', 'Distance', 'Time', 'Thinking aloud', 'Recording']}
      >
        {result.items.map((item) => (
          <ItemRow key={item.position} item={item} playing={playing === item} recording={recording} />
        ))}
      </Table>
    </div>
  );
}

/**
 * The interview's work sample beside gold (issue 46): the three figures, then each item with the
 * candidate's rating, gold, the distance, the time taken (late when over the allowance), what they
 * said while rating it, and a button that plays the recording from when it was shown. Blind review
 * hides it with the rest of the assessment. Nothing at all for an interview without a sample.
 */
export function WorkSampleSection({
  interview,
  recording,
}: {
  interview: AdminInterviewDetail;
  recording: RecordingPlayer;
}) {
  if (interview.work_sample) {
    return (
      <Section title="Work sample">
        <Result result={interview.work_sample} recording={recording} />
      </Section>
    );
  }
  if (interview.assessment_hidden && hadWorkSample(interview.transcript)) {
    return (
      <Section title="Work sample">
        <p className="text-sm text-slate-600">Hidden until you post your own scores.</p>
      </Section>
    );
  }
  return null;
}
