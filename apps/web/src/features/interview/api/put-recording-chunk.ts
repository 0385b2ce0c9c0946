import type { RecordingChunkReply } from '@app/shared';
import { API_BASE, ApiError } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';

export type RecordingChunk = { interviewId: string; segment: string; seq: number; elapsedMs: number; blob: Blob };

/**
 * PUT /api/interviews/{id}/recording/chunks/{seq}: one slice of the MediaRecorder stream, as raw
 * bytes (decision 0145). A resent chunk is acknowledged without being stored again.
 */
export async function putRecordingChunk(chunk: RecordingChunk): Promise<RecordingChunkReply> {
  const query = `segment=${encodeURIComponent(chunk.segment)}&elapsed_ms=${Math.max(0, Math.round(chunk.elapsedMs))}`;
  const res = await fetch(`${API_BASE}/interviews/${chunk.interviewId}/recording/chunks/${chunk.seq}?${query}`, {
    method: 'PUT',
    headers: {
      accept: 'application/json',
      'content-type': 'application/octet-stream',
      authorization: `Bearer ${authStorage.get() ?? ''}`,
    },
    body: chunk.blob,
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { detail: text };
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return body as RecordingChunkReply;
}
