/** A UUID in its canonical 8-4-4-4-12 hex form (any version), case-insensitive. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value is a UUID. Ids that reach the server outside a zod-checked route (the live
 * socket, stored file names) are checked with this before they reach a uuid column, so a malformed
 * one reads as "not found" instead of a database error.
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
