import type { AnnotationTask } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/annotations/{taskId}/start: assigned becomes in_progress. */
export const startTask = (taskId: string) =>
  apiRequest<AnnotationTask>(`/annotations/${encodeURIComponent(taskId)}/start`, { method: 'POST' });
