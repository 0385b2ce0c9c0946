import type { ResumePrefill } from '@app/shared';
import { extractResumeText, type ExtractLimits } from './extract';
import { parseResumeText } from './parse';

export { extractResumeText, DEFAULT_EXTRACT_LIMITS, type ExtractLimits } from './extract';
export { parseResumeText } from './parse';

/** Said in the upload reply when the document could not be read; the upload itself is kept. */
export const UNREADABLE_RESUME =
  'We could not read this document, so nothing was filled in. Please type your details in the form.';

/**
 * The prefill for an uploaded resume. Never throws: a resume we cannot read (broken, hostile, too
 * slow) gives no prefill and a note for the reply.
 */
export async function readResume(
  bytes: Buffer,
  contentType: string,
  log?: { warn: (obj: object, msg: string) => void },
  limits?: ExtractLimits,
): Promise<{ prefill: ResumePrefill; unreadable?: string; text?: string }> {
  const result = await extractResumeText(bytes, contentType, limits);
  if ('unreadable' in result) {
    log?.warn({ reason: result.unreadable, contentType, sizeBytes: bytes.length }, 'resume could not be read');
    return { prefill: {}, unreadable: UNREADABLE_RESUME };
  }
  try {
    return { prefill: result.text ? parseResumeText(result.text) : {}, text: result.text ?? undefined };
  } catch (err) {
    log?.warn({ err }, 'resume text could not be parsed');
    return { prefill: {}, unreadable: UNREADABLE_RESUME, text: result.text ?? undefined };
  }
}
