import type { FileUploadReply } from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';

/** POST /api/files/upload?purpose=task_media: an image, audio, video or document for a task. */
export function uploadTaskMedia(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<FileUploadReply>('/files/upload?purpose=task_media', { method: 'POST', body: form });
}
