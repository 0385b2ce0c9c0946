import { describeErrorDetail } from '@app/shared';
import { ApiError } from './api-client';

/**
 * One line for a failed call (docs/product/errors.md): the reply's `detail` (a validation list becomes
 * 'Validation error: ...'), else its `message`, else the fallback; a network failure gives the
 * client's own message.
 */
export function describeError(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return describeErrorDetail(err.body, fallback);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** The server's `detail` for a refused call, else `fallback` (also for network failures). */
export const serverDetailOr = (fallback: string) => (err: unknown) =>
  err instanceof ApiError ? describeErrorDetail(err.body, fallback) : fallback;

/** The error's own message, else `fallback`. */
export const messageOr = (fallback: string) => (err: unknown) => (err instanceof Error ? err.message : fallback);
