import type { ResumePrefill } from '@app/shared';
import { extractResumeText } from './extract';
import { parseResumeText } from './parse';

export { extractResumeText } from './extract';
export { parseResumeText } from './parse';

/** Parsing gives up after this long; the upload itself has already succeeded. */
const PARSE_TIMEOUT_MS = 10_000;

/**
 * The prefill for an uploaded resume. Never throws: a resume we cannot read gives an empty prefill
 * (the candidate types the fields instead).
 */
export async function readResume(
  bytes: Buffer,
  contentType: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<ResumePrefill> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PARSE_TIMEOUT_MS);
  });
  try {
    const text = await Promise.race([extractResumeText(bytes, contentType), timeout]);
    return text ? parseResumeText(text) : {};
  } catch (err) {
    log?.warn({ err }, 'resume could not be parsed');
    return {};
  } finally {
    clearTimeout(timer);
  }
}
