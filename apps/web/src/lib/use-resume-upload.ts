import { useState } from 'react';
import { ONBOARDING_ERRORS } from '@app/shared';
import { ApiError } from './api-client';

type Options<R> = {
  /** Shows (or, with null, clears) the screen's error line. */
  setError: (message: string | null) => void;
  /** The file went up and the reply has its url. */
  onUploaded: (reply: R & { url: string }, file: File) => void;
};

/**
 * A résumé upload with its busy flag and the error texts of docs/product/errors.md, for the screens
 * that take a résumé (onboarding, the application wizard).
 */
export function useResumeUpload<R extends { url?: string }>(
  upload: (file: File) => Promise<R | null | undefined>,
  { setError, onUploaded }: Options<R>,
) {
  const [uploading, setUploading] = useState(false);
  const onFile = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      const reply = await upload(file);
      if (!reply?.url) {
        setError(ONBOARDING_ERRORS.uploadNoUrl);
        return;
      }
      onUploaded(reply as R & { url: string }, file);
    } catch (err) {
      console.error('Resume upload failed', err);
      // A refusal the person can act on (an unsupported type, a file too large) says why in the
      // server's words; anything else is the spec's "please try again" (issue 43).
      const detail = err instanceof ApiError && err.status < 500 ? (err.body as { detail?: unknown })?.detail : null;
      setError(typeof detail === 'string' && detail ? detail : ONBOARDING_ERRORS.upload);
    } finally {
      setUploading(false);
    }
  };
  return { uploading, onFile };
}
