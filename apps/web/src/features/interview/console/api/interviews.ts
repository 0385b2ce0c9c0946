import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInterview,
  AdminInterviewDetail,
  AdminInterviewListItem,
  HumanScore,
  IntegrityEvent,
  InterviewDecisionRequest,
  InterviewRetakeRequest,
  InterviewStatus,
  Page,
} from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from '../../../../api/admin/query';

/** Under 'admin', so the console's one invalidation refreshes these too. */
const interviewKeys = {
  list: (p: object) => ['admin', 'interviews', p] as const,
  one: (id: string) => ['admin', 'interview', id] as const,
};

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
  useListQuery(interviewKeys.list(p), () => listInterviews(p));

/** GET /api/admin/interviews/{id}: the candidate, transcript and assessment. */
export const getInterview = (id: string) => apiRequest<AdminInterviewDetail>(`/admin/interviews/${id}`);
export const useAdminInterview = (id: string) =>
  useQuery({
    queryKey: interviewKeys.one(id),
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

/** POST /api/admin/interviews/{id}/human-scores: the reviewer's blind scores; the reply shows the assessment. */
export function usePostHumanScores(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (scores: HumanScore[]) =>
      apiRequest<AdminInterviewDetail>(`/admin/interviews/${id}/human-scores`, { method: 'POST', body: { scores } }),
    onSuccess: (detail) => {
      qc.setQueryData(interviewKeys.one(id), detail);
      void qc.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

/** POST /api/admin/interviews/{id}/integrity-events/{eventId}/mark */
export function useMarkIntegrityEvent(interviewId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, mark }: { eventId: string; mark: 'explained' | 'concern' }) =>
      apiRequest<{ integrity_events: IntegrityEvent[] }>(
        `/admin/interviews/${interviewId}/integrity-events/${eventId}/mark`,
        { method: 'POST', body: { mark } },
      ),
    onSuccess: ({ integrity_events }) =>
      qc.setQueryData<AdminInterviewDetail>(interviewKeys.one(interviewId), (d) => d && { ...d, integrity_events }),
  });
}
