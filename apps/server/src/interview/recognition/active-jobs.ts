import type { Db } from '../../db/client';
import { activeJobRecognitionTexts } from '../store';
import type { JobText } from './job-model';

/**
 * Builds the recognition model of every active job that has none yet, one job after another: at
 * startup, a new data folder, the seeded sample jobs or jobs saved on another instance would
 * otherwise leave each job's first candidates heard with the general model (decision 0150). The
 * builds themselves run at low CPU priority (job-model.ts); `stopped` ends the loop between jobs.
 */
export async function prepareActiveJobModels(
  db: Db,
  prepare: (job: JobText) => Promise<void>,
  stopped: () => boolean,
): Promise<number> {
  let prepared = 0;
  for (const job of await activeJobRecognitionTexts(db)) {
    if (stopped()) break;
    await prepare(job);
    prepared++;
  }
  return prepared;
}
