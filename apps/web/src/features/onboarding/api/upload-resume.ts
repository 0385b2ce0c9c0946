import type { FileUploadReply } from '@app/shared';
import { API_ORIGIN, apiRequest } from '../../../lib/api-client';

/** POST /api/files/upload with the bearer token (onboarding). */
export function uploadResume(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Partial<FileUploadReply>>('/files/upload', { method: 'POST', body: form });
}

/** Onboarding stores the backend host plus the returned url (docs/product/api.md). */
export function backendUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const host = API_ORIGIN || window.location.origin;
  return `${host}${url.startsWith('/') ? '' : '/'}${url}`;
}
