import type { FileUploadReply } from '@app/shared';
import { API_BASE, apiRequest } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';

/** POST /api/files/upload?purpose=task_media: an image, audio, video or document for a task. */
export function uploadTaskMedia(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<FileUploadReply>('/files/upload?purpose=task_media', { method: 'POST', body: form });
}

/**
 * The interview recording as a blob URL. GET /api/interviews/{id}/recording needs the bearer token,
 * which a <video src> cannot send; the console fetches it once and plays it locally (seeking then
 * needs no further requests). Null when the interview has no recording.
 */
export async function fetchRecordingUrl(interviewId: string, signal?: AbortSignal): Promise<string | null> {
  const res = await fetch(`${API_BASE}/interviews/${interviewId}/recording`, {
    headers: { authorization: `Bearer ${authStorage.get() ?? ''}` },
    signal,
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Could not load the recording (HTTP ${res.status})`);
  return URL.createObjectURL(await res.blob());
}
