/**
 * Who may read a debrief, and the practice debriefs candidates keep (issue 27, decisions 0160-0162).
 */
import { eq } from 'drizzle-orm';
import type { Debrief } from '@app/shared';
import type { Db } from '../../db/client';
import { interviews, jobs } from '../../db/schema';
import type { Caller } from '../../lib/authz';
import { notFound } from '../../http/http-errors';
import { INTERVIEW_NOT_FOUND } from '../interviews';
import { listTurns } from '../../interview/store';
import { computeDebrief } from './compute';
import { debriefWorkSample, loadDebriefSample } from './work-sample';

/**
 * GET /api/interviews/{id}/debrief: the admin always; the interview's candidate only once the
 * provider has decided and when the job shares feedback; everyone else 404 (nothing said about
 * whether the interview exists).
 */
export async function interviewDebrief(db: Db, interviewId: string, caller: Caller): Promise<Debrief> {
  const [row] = await db
    .select({
      candidateId: interviews.candidateId,
      status: interviews.status,
      decidedAt: interviews.decidedAt,
      job: {
        title: jobs.title,
        description: jobs.description,
        skills: jobs.skills,
        customQuestions: jobs.customQuestions,
        shareFeedback: jobs.shareFeedback,
      },
    })
    .from(interviews)
    .leftJoin(jobs, eq(jobs.id, interviews.jobId))
    .where(eq(interviews.id, interviewId))
    .limit(1);
  if (!row) throw notFound(INTERVIEW_NOT_FOUND);
  if (caller.role !== 'admin') {
    const decided = row.decidedAt !== null || row.status === 'approved' || row.status === 'rejected';
    if (row.candidateId !== caller.sub || !row.job?.shareFeedback || !decided) throw notFound(INTERVIEW_NOT_FOUND);
  }
  const turns = await listTurns(db, interviewId);
  const sample = await loadDebriefSample(db, interviewId);
  // What was said once the first work-sample item was shown is thinking aloud, not an answer (issue 46).
  const debrief = computeDebrief(
    turns.filter((t) => t.startedAt.getTime() < sample.firstShown),
    row.job,
  );
  const workSample = debriefWorkSample(sample.rows, turns, sample.contents, row.job);
  return workSample ? { ...debrief, work_sample: workSample } : debrief;
}

export * from './practice';
