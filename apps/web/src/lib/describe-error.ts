import { describeErrorDetail } from '@app/shared';
import { ApiError } from './api-client';

/**
 * One line for a failed call (spec part 1 section 8): the reply's `detail` (a validation list becomes
 * 'Validation error: ...'), else its `message`, else the fallback; a network failure gives the
 * client's own message.
 */
export function describeError(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return describeErrorDetail(err.body, fallback);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
