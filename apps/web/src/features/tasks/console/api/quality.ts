import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QualityRater, QualityReport, ReviewQueue } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { downloadWithToken } from '../../../../lib/download';
import { adminKeys } from '../../../../api/admin/query';

/** Under 'admin', so the console's one invalidation refreshes these too. */
const qualityKeys = {
  report: (jobId: string) => ['admin', 'quality', jobId] as const,
  reviewQueue: (jobId: string) => ['admin', 'review-queue', jobId] as const,
};

/** GET /api/admin/jobs/{id}/quality: agreement, the review queue's size and every rater's record. */
export const getQuality = (jobId: string) => apiRequest<QualityReport>(`/admin/jobs/${jobId}/quality`);
export const qualityQueryOptions = (jobId: string) => ({
  queryKey: qualityKeys.report(jobId),
  queryFn: () => getQuality(jobId),
});
export const useQuality = (jobId: string) => useQuery(qualityQueryOptions(jobId));

/** POST /api/admin/jobs/{id}/raters/{userId}/pause | unpause */
export const setRaterPaused = (jobId: string, userId: string, paused: boolean) =>
  apiRequest<QualityRater>(`/admin/jobs/${jobId}/raters/${userId}/${paused ? 'pause' : 'unpause'}`, {
    method: 'POST',
  });
export function useSetRaterPaused(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, paused }: { userId: string; paused: boolean }) => setRaterPaused(jobId, userId, paused),
    // Pausing hands the rater's unstarted tasks back: the task lists change too.
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** How many items the review screen loads at a time (it asks again as they are cleared). */
export const REVIEW_QUEUE_BATCH = 20;

/** GET /api/admin/jobs/{id}/review-queue: items with a submission waiting for a hand review, oldest first. */
export const getReviewQueue = (jobId: string, limit = REVIEW_QUEUE_BATCH) =>
  apiRequest<ReviewQueue>(`/admin/jobs/${jobId}/review-queue?limit=${limit}`);
export const useReviewQueue = (jobId: string) =>
  useQuery({ queryKey: qualityKeys.reviewQueue(jobId), queryFn: () => getReviewQueue(jobId) });

export type DatasetFormat = 'jsonl' | 'csv';

/**
 * GET /api/admin/jobs/{id}/dataset?format=jsonl|csv needs the bearer token, so a plain link cannot
 * fetch it: download it here and hand the browser a blob to save under the server's file name.
 */
export const downloadDataset = (jobId: string, format: DatasetFormat) =>
  downloadWithToken(`/admin/jobs/${jobId}/dataset?format=${format}`, `dataset-${jobId}.${format}`);
