import { apiRequest } from '../../../lib/api-client';

export type UploadVideoReply = { file_id: string; interview_id: string; size_bytes: number };

/** POST /api/interviews/upload/video — the recording; the fields go first so the server can stream the file. */
export function uploadInterviewVideo(input: { video: Blob; sessionId: string; interviewId: string }) {
  const form = new FormData();
  form.append('session_id', input.sessionId);
  form.append('interview_id', input.interviewId);
  form.append('video', input.video, `interview_${input.interviewId}.webm`);
  return apiRequest<UploadVideoReply>('/interviews/upload/video', { method: 'POST', body: form });
}
