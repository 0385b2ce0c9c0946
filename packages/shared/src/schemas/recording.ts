import { z } from 'zod';

/** POST /api/interviews/upload/video reply: the stored recording of an interview. */
export const interviewVideoUploadReplySchema = z.object({
  file_id: z.string(),
  interview_id: z.string(),
  size_bytes: z.number(),
  content_type: z.string(),
});
export type InterviewVideoUploadReply = z.infer<typeof interviewVideoUploadReplySchema>;
