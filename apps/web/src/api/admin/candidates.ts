import { useQuery } from '@tanstack/react-query';
import type { AdminCandidateDetail, AdminCandidateListItem, InterviewStatus, Page } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { adminKeys, qs, useListQuery, type PageParams } from './query';

export type CandidateListParams = PageParams & {
  q?: string;
  interview_status?: InterviewStatus;
  job_id?: string;
};

/** GET /api/admin/candidates */
export const listCandidates = (p: CandidateListParams) =>
  apiRequest<Page<AdminCandidateListItem>>(`/admin/candidates${qs(p)}`);
export const useCandidates = (p: CandidateListParams, enabled = true) =>
  useListQuery(adminKeys.candidates(p), () => listCandidates(p), enabled);

/** GET /api/admin/candidates/{id} */
export const getCandidate = (id: string) => apiRequest<AdminCandidateDetail>(`/admin/candidates/${id}`);
export const useCandidate = (id: string) =>
  useQuery({ queryKey: adminKeys.candidate(id), queryFn: () => getCandidate(id) });
