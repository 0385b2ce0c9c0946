import type { InterviewVideoUploadReply } from '@app/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/interviews/upload/video — the recording; the fields go first so the server can stream the file. */
export function uploadInterviewVideo(input: { video: Blob; sessionId: string; interviewId: string }) {
  const form = new FormData();
  form.append('session_id', input.sessionId);
  form.append('interview_id', input.interviewId);
  form.append('video', input.video, `interview_${input.interviewId}.webm`);
  // The id in the query too, so the server authorizes the upload before reading the body.
  const query = `?interview_id=${encodeURIComponent(input.interviewId)}`;
  return apiRequest<InterviewVideoUploadReply>(`/interviews/upload/video${query}`, { method: 'POST', body: form });
}
