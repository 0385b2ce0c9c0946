import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInterview,
  AdminInterviewDetail,
  AdminInterviewListItem,
  InterviewDecisionRequest,
  InterviewRetakeRequest,
  InterviewStatus,
  Page,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from './query';

export type InterviewListParams = PageParams & {
  status?: InterviewStatus;
  job_id?: string;
  candidate_id?: string;
  q?: string;
};

/** GET /api/admin/interviews */
export const listInterviews = (p: InterviewListParams) =>
  apiRequest<Page<AdminInterviewListItem>>(`/admin/interviews${qs(p)}`);
export const useAdminInterviews = (p: InterviewListParams) =>
  useListQuery(adminKeys.interviews(p), () => listInterviews(p));

/** GET /api/admin/interviews/{id}: the candidate, transcript and assessment. */
export const getInterview = (id: string) => apiRequest<AdminInterviewDetail>(`/admin/interviews/${id}`);
export const useAdminInterview = (id: string) =>
  useQuery({
    queryKey: adminKeys.interview(id),
    queryFn: () => getInterview(id),
    // While the assessment is being produced in the background, look again every few seconds.
    refetchInterval: (q) => (q.state.data && q.state.data.status === 'completed' ? 3000 : false),
  });

/** POST /api/admin/interviews/{id}/decision */
export const decideInterview = (id: string, body: InterviewDecisionRequest) =>
  apiRequest<AdminInterview>(`/admin/interviews/${id}/decision`, { method: 'POST', body });
export function useDecideInterview(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InterviewDecisionRequest) => decideInterview(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/interviews/{id}/retake: the candidate may take the interview again (decision 0149). */
export const allowRetake = (id: string, body: InterviewRetakeRequest) =>
  apiRequest<AdminInterview>(`/admin/interviews/${id}/retake`, { method: 'POST', body });
export function useAllowRetake(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InterviewRetakeRequest) => allowRetake(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
