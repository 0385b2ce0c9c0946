/**
 * Who may read a debrief, and the practice debriefs candidates keep (issue 27, decisions 0160-0162).
 */
import type { Debrief } from '@app/shared';
import type { Db } from '../../db/client';
import type { Caller } from '../../lib/authz';
import { notFound } from '../../http/http-errors';
import { INTERVIEW_NOT_FOUND } from '../interviews';
import { listTurns } from '../../interview/store';
import { interviewAndJob } from '../with-job';
import { computeDebrief } from './compute';
import { debriefWorkSample, loadDebriefSample } from './work-sample';

/**
 * GET /api/interviews/{id}/debrief: the admin always; the interview's candidate only once the
 * provider has decided and when the job shares feedback; everyone else 404 (nothing said about
 * whether the interview exists).
 */
export async function interviewDebrief(db: Db, interviewId: string, caller: Caller): Promise<Debrief> {
  const row = await interviewAndJob(db, interviewId);
  if (!row) throw notFound(INTERVIEW_NOT_FOUND);
  const { interview, job } = row;
  if (caller.role !== 'admin') {
    const decided = interview.decidedAt !== null || interview.status === 'approved' || interview.status === 'rejected';
    if (interview.candidateId !== caller.sub || !job?.shareFeedback || !decided) throw notFound(INTERVIEW_NOT_FOUND);
  }
  const turns = await listTurns(db, interviewId);
  const sample = await loadDebriefSample(db, interviewId);
  // What was said once the first work-sample item was shown is thinking aloud, not an answer (issue 46).
  const debrief = computeDebrief(
    turns.filter((t) => t.startedAt.getTime() < sample.firstShown),
    job,
  );
  const workSample = debriefWorkSample(sample.rows, turns, sample.contents, job);
  return workSample ? { ...debrief, work_sample: workSample } : debrief;
}

export * from './practice';
