import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminAppeal,
  AdminInterviewDetail,
  AppealResolveRequest,
  HumanScore,
  IntegrityEvent,
  OversightReport,
} from '@app/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys, qs } from './query';

/** GET /api/admin/oversight?job_id=: override rate, blind agreement per criterion, alerts (issue 35). */
export const getOversight = (jobId?: string) => apiRequest<OversightReport>(`/admin/oversight${qs({ job_id: jobId })}`);
export const useOversight = (jobId?: string) =>
  useQuery({ queryKey: [...adminKeys.all, 'oversight', jobId ?? 'all'], queryFn: () => getOversight(jobId) });

/** POST /api/admin/interviews/{id}/human-scores: the reviewer's blind scores; the reply shows the assessment. */
export function usePostHumanScores(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (scores: HumanScore[]) =>
      apiRequest<AdminInterviewDetail>(`/admin/interviews/${id}/human-scores`, { method: 'POST', body: { scores } }),
    onSuccess: (detail) => {
      qc.setQueryData(adminKeys.interview(id), detail);
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
      qc.setQueryData<AdminInterviewDetail>(adminKeys.interview(interviewId), (d) => d && { ...d, integrity_events }),
  });
}

export type AppealStatus = 'open' | 'upheld' | 'overturned';

/** GET /api/admin/appeals */
export const useAppeals = (status?: AppealStatus) =>
  useQuery({
    queryKey: [...adminKeys.all, 'appeals', status ?? 'all'],
    queryFn: () => apiRequest<AdminAppeal[]>(`/admin/appeals${qs({ status })}`),
  });

/** POST /api/admin/appeals/{id}/resolve: overturned changes the decision and e-mails the candidate. */
export function useResolveAppeal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealResolveRequest) =>
      apiRequest<AdminAppeal>(`/admin/appeals/${id}/resolve`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
