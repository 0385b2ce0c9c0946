import { findBlockingInterview } from '@app/shared';
import { getInterviews } from '../../../api/interviews/get-interviews';

/**
 * Before an interview starts: has the candidate already had one for this job? 'check_failed' when
 * the list could not be read (logged), so the caller can say so instead of starting blind.
 */
export async function findEarlierInterview(jobId: string, userId: string): Promise<'none' | 'found' | 'check_failed'> {
  try {
    const interviews = await getInterviews({ job_id: jobId, candidate_id: userId });
    return findBlockingInterview(interviews, jobId, userId) ? 'found' : 'none';
  } catch (err) {
    console.error('Interview status check failed', err);
    return 'check_failed';
  }
}
