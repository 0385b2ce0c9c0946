/** The figures of a work sample (issue 46): per item the distance from gold, per candidate the summary. */
import type { WorkSampleResult, WorkSampleResultItem } from '@app/shared';
import { median } from '../../lib/median';
import { round } from '../../lib/round';

/** Mean absolute distance, share within one point and median seconds, over the rated items. */
export function summarize(items: WorkSampleResultItem[]): WorkSampleResult {
  const rated = items.filter((i) => i.distance !== null);
  const distances = rated.map((i) => i.distance!);
  const seconds = rated.map((i) => i.seconds).filter((s): s is number => s !== null);
  const med = median(seconds);
  return {
    items,
    mean_abs_distance: rated.length ? round(distances.reduce((a, b) => a + b, 0) / rated.length, 2) : null,
    within_one_share: rated.length ? round(distances.filter((d) => d <= 1).length / rated.length, 2) : null,
    median_seconds: med === null ? null : round(med, 1),
  };
}
