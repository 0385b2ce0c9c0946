import { useQuery } from '@tanstack/react-query';
import type { AdminHealth } from '@app/shared';
import { apiRequest } from '../../lib/api-client';
import { adminKeys } from './query';

/** How often the health page asks again: the queue moves by the second, a worker's heartbeat every 10 s. */
export const HEALTH_REFRESH_MS = 10_000;

/** GET /api/admin/health: this instance's role, the queues, the worker instances (issue 45). */
export const getHealth = () => apiRequest<AdminHealth>('/admin/health');
export const useHealth = () =>
  useQuery({ queryKey: adminKeys.health, queryFn: getHealth, refetchInterval: HEALTH_REFRESH_MS });
