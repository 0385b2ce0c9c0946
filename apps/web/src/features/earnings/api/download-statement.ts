import { API_BASE } from '../../../lib/api-client';
import { authStorage } from '../../../lib/auth-storage';
import { saveResponseAsFile } from '../../../lib/download';

/**
 * GET /api/earnings/user/{userId}/statement needs the bearer token, so a plain link cannot fetch it:
 * download it here and hand the browser a blob to save under the server's file name.
 */
export async function downloadStatement(userId: string, year: number, format: 'csv' | 'pdf') {
  const res = await fetch(
    `${API_BASE}/earnings/user/${encodeURIComponent(userId)}/statement?year=${year}&format=${format}`,
    { headers: { authorization: `Bearer ${authStorage.get() ?? ''}` } },
  );
  if (!res.ok) throw new Error(`Download failed (HTTP ${res.status})`);
  await saveResponseAsFile(res, `statement-${year}.${format}`);
}
