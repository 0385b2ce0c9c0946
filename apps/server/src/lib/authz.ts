/**
 * Authorization helpers shared by services: who is calling and whether they may act on a
 * user's resources. Routes pass `request.auth`; the socket passes the verified token's claims.
 */
import type { Role } from '@app/shared';
import { forbidden } from '../http/http-errors';

/** The caller, as the auth plugin knows it. */
export type Caller = { sub: string; role: Role };

/** Per-user resources (tasks, earnings) are readable by that user or an admin only. */
export function assertSelfOrAdmin(caller: Caller, userId: string): void {
  if (caller.role !== 'admin' && caller.sub !== userId) throw forbidden('You can only view your own data');
}
