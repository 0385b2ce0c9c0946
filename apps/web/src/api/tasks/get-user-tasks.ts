import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnotationTask } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { taskKeys } from './keys';

/** GET /api/annotations/user/{userId}: the candidate's creative tasks. */
export const getUserTasks = (userId: string) =>
  apiRequest<AnnotationTask[]>(`/annotations/user/${encodeURIComponent(userId)}`);

export const userTasksQueryOptions = (userId: string) =>
  queryOptions({ queryKey: taskKeys.ofUser(userId), queryFn: () => getUserTasks(userId) });

export const useUserTasks = (userId: string | undefined) =>
  useQuery({ ...userTasksQueryOptions(userId ?? ''), enabled: Boolean(userId) });
