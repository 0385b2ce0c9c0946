import { API_BASE, ApiError } from './api-client';
import { authStorage } from './auth-storage';

/**
 * Hands a fetched file to the browser to save, under the server's file name (Content-Disposition)
 * or `fallbackName`. For downloads that need the bearer token, which a plain link cannot send.
 */
export async function saveResponseAsFile(res: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers start reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET `path` (under /api) with the bearer token and save what comes back as a file; a refusal throws
 * an ApiError carrying the server's `detail`.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  const res = await fetch(`${API_BASE}${path}`, {
    headers: { authorization: `Bearer ${authStorage.get() ?? ''}` },
  });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  await saveResponseAsFile(res, fallbackName);
}
