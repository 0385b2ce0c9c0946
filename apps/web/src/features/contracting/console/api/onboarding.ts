import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDocument,
  DocumentAuditEvent,
  DocumentTemplate,
  DocumentTemplateInput,
  Form1099NecReply,
} from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';
import { downloadWithToken } from '../../../../lib/download';

/** Keys under 'admin', so the console's one invalidation refreshes these too. */
export const onboardingKeys = {
  templates: ['admin', 'document-templates'] as const,
  documents: (userId: string) => ['admin', 'documents', userId] as const,
  audit: (documentId: string) => ['admin', 'document-audit', documentId] as const,
  nec: (year: number) => ['admin', '1099-nec', year] as const,
};

/** GET /api/admin/tax/1099-nec?year= */
export const use1099Nec = (year: number) =>
  useQuery({
    queryKey: onboardingKeys.nec(year),
    queryFn: () => apiRequest<Form1099NecReply>(`/admin/tax/1099-nec?year=${year}`),
  });

/** GET /api/admin/document-templates: every version, newest first per key. */
export const useDocumentTemplates = () =>
  useQuery({
    queryKey: onboardingKeys.templates,
    queryFn: () => apiRequest<DocumentTemplate[]>('/admin/document-templates'),
  });

/** POST /api/admin/document-templates {key, title, body}: the key's next version. */
export function usePublishTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DocumentTemplateInput) =>
      apiRequest<DocumentTemplate>('/admin/document-templates', { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: onboardingKeys.templates }),
  });
}

/** GET /api/admin/documents?user_id=: a person's documents, newest first. */
export const useUserDocuments = (userId: string) =>
  useQuery({
    queryKey: onboardingKeys.documents(userId),
    queryFn: () => apiRequest<AdminDocument[]>(`/admin/documents?user_id=${encodeURIComponent(userId)}`),
    enabled: !!userId,
  });

/** GET /api/admin/documents/{id}/audit, fetched when the trail is opened. */
export const useDocumentAudit = (documentId: string, enabled: boolean) =>
  useQuery({
    queryKey: onboardingKeys.audit(documentId),
    queryFn: () => apiRequest<DocumentAuditEvent[]>(`/admin/documents/${documentId}/audit`),
    enabled,
  });

/** GET /api/admin/tax/1099-nec?year=&format=csv (tin_last4 only, like the JSON). */
export const download1099NecCsv = (year: number) =>
  downloadWithToken(`/admin/tax/1099-nec?year=${year}&format=csv`, `1099-nec-${year}.csv`);

/** GET /api/admin/documents/{id}/pdf: the sealed PDF, the same bytes as the signer's. */
export const downloadDocumentPdf = (doc: { id: string; key: string; version: number }) =>
  downloadWithToken(`/admin/documents/${doc.id}/pdf`, `${doc.key}-v${doc.version}-signed.pdf`);
