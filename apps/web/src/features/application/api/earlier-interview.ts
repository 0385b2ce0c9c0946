import { findBlockingInterview, findOpenApplication } from '@app/shared';
import { getInterviews } from '../../../api/interviews/get-interviews';

export type EarlierInterview = {
  kind: 'none' | 'found' | 'check_failed';
  /** The candidate's application for the job not started yet (invited or retaken), which the interview starts. */
  openId: string | null;
};

/**
 * Before an interview starts: has the candidate already had one for this job? 'check_failed' when
 * the list could not be read (logged), so the caller can say so instead of starting blind.
 */
export async function findEarlierInterview(jobId: string, userId: string): Promise<EarlierInterview> {
  try {
    const interviews = await getInterviews({ job_id: jobId, candidate_id: userId });
    if (findBlockingInterview(interviews, jobId, userId)) return { kind: 'found', openId: null };
    return { kind: 'none', openId: findOpenApplication(interviews, jobId, userId)?.id ?? null };
  } catch (err) {
    console.error('Interview status check failed', err);
    return { kind: 'check_failed', openId: null };
  }
}
