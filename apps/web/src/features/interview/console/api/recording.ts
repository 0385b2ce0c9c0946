import type { RecordingPlaylist } from '@app/shared';
import { ApiError, apiRequest } from '../../../../lib/api-client';

/**
 * GET /api/interviews/{id}/recording/playlist: the recording's segments as short-lived signed links
 * the <video> plays with byte ranges, as it downloads (decision 0145). Null when there is none.
 */
export async function fetchRecordingPlaylist(interviewId: string, signal?: AbortSignal) {
  try {
    return await apiRequest<RecordingPlaylist>(`/interviews/${interviewId}/recording/playlist`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
