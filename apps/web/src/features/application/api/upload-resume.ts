import type { FileUploadReply } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/files/upload without a bearer token (the application wizard's upload, docs/product/rules.md). */
export function uploadResumeAnonymously(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Partial<FileUploadReply>>('/files/upload', { method: 'POST', body: form, auth: false });
}
