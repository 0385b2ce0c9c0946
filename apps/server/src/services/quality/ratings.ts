/** Reads the submitted ratings of a job: the input of agreement, records and consensus. */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { annotationItems, annotationTasks } from '../../db/schema';
import type { Executor } from '../../db/types';
import type { Rating } from './consensus';

/** Statuses of a task whose rating has been submitted (waiting for review or reviewed). */
export const SUBMITTED = ['completed', 'reviewed'] as const;

/** Every submitted rating of the job with its item's gold (gold is not itself a rating). */
export async function loadJobRatings(db: Executor, jobId: string): Promise<Rating[]> {
  const rows = await db
    .select({
      itemId: annotationTasks.itemId,
      raterId: annotationTasks.assigneeId,
      rating: annotationTasks.qualityRating,
      gold: annotationItems.goldRating,
    })
    .from(annotationTasks)
    .innerJoin(annotationItems, eq(annotationItems.id, annotationTasks.itemId))
    .where(
      and(
        eq(annotationTasks.jobId, jobId),
        inArray(annotationTasks.status, [...SUBMITTED]),
        isNotNull(annotationTasks.qualityRating),
        isNotNull(annotationTasks.assigneeId),
      ),
    );
  return rows as Rating[];
}

/** How the review of a task stands, as the console and the dataset name it. */
export function reviewState(task: {
  status: string;
  reviewApproved: boolean | null;
}): 'pending' | 'approved' | 'rejected' {
  if (task.status !== 'reviewed' || task.reviewApproved === null) return 'pending';
  return task.reviewApproved ? 'approved' : 'rejected';
}
