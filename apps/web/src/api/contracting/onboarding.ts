/** The calls of an accepted candidate's onboarding (issue 36): items, documents, tax form, payout method. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  OnboardingReply,
  PayoutMethod,
  PayoutMethodInput,
  SignableDocument,
  TaxProfileInput,
  TaxProfileReply,
} from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { downloadWithToken } from '../../lib/download';

export const contractingKeys = {
  all: ['contracting'] as const,
  onboarding: (jobId: string) => [...contractingKeys.all, 'onboarding', jobId] as const,
  document: (id: string) => [...contractingKeys.all, 'document', id] as const,
  taxProfile: () => [...contractingKeys.all, 'tax-profile'] as const,
  payoutMethod: () => [...contractingKeys.all, 'payout-method'] as const,
};

export const onboardingQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: contractingKeys.onboarding(jobId),
    queryFn: () => apiRequest<OnboardingReply>(`/jobs/${encodeURIComponent(jobId)}/onboarding`),
  });
export const useOnboarding = (jobId: string | null, enabled: boolean) =>
  useQuery({ ...onboardingQueryOptions(jobId ?? ''), enabled: enabled && Boolean(jobId) });

/** Opening a document records that it was viewed, so it is fetched once per visit, not refetched on focus. */
export const useSignableDocument = (id: string) =>
  useQuery({
    queryKey: contractingKeys.document(id),
    queryFn: () => apiRequest<SignableDocument>(`/documents/${encodeURIComponent(id)}`),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export const signDocument = (id: string, body: { full_name: string; agree: boolean; electronic_consent: boolean }) =>
  apiRequest<{ signed_at: string; sha256: string }>(`/documents/${encodeURIComponent(id)}/sign`, { body });

/** The sealed PDF, fetched with the bearer token (a plain link cannot send it). */
export const downloadSignedPdf = (id: string): Promise<void> =>
  downloadWithToken(`/documents/${encodeURIComponent(id)}/pdf`, 'signed-document.pdf');

export const useTaxProfile = () =>
  useQuery({ queryKey: contractingKeys.taxProfile(), queryFn: () => apiRequest<TaxProfileReply>('/tax-profile') });
export const saveTaxProfile = (body: TaxProfileInput) =>
  apiRequest<TaxProfileReply>('/tax-profile', { method: 'PUT', body });

export const usePayoutMethod = () =>
  useQuery({
    queryKey: contractingKeys.payoutMethod(),
    queryFn: () => apiRequest<{ method: PayoutMethod | null }>('/payout-method'),
  });
export const savePayoutMethod = (body: PayoutMethodInput) =>
  apiRequest<{ method: PayoutMethod }>('/payout-method', { method: 'PUT', body });
