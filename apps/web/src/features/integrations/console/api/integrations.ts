import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKey,
  ApiKeyCreated,
  ApiKeyCreateRequest,
  WebhookCreated,
  WebhookCreateRequest,
  WebhookDelivery,
  WebhookEndpoint,
} from '@app/shared';
import { apiRequest } from '../../../../lib/api-client';

/** Keys under 'admin', so the console's one invalidation refreshes these too. */
export const integrationKeys = {
  webhooks: ['admin', 'webhooks'] as const,
  deliveries: (endpointId: string) => ['admin', 'webhooks', endpointId, 'deliveries'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
};

/** GET /api/admin/webhooks */
export const useWebhooks = () =>
  useQuery({ queryKey: integrationKeys.webhooks, queryFn: () => apiRequest<WebhookEndpoint[]>('/admin/webhooks') });

/** POST /api/admin/webhooks {url, events} → {id, secret}: the secret is in this reply only. */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookCreateRequest) =>
      apiRequest<WebhookCreated>('/admin/webhooks', { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
}

/** DELETE /api/admin/webhooks/{id} */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/admin/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.webhooks }),
  });
}

/** GET /api/admin/webhooks/{id}/deliveries, newest first; refreshed while a delivery is pending. */
export const useDeliveries = (endpointId: string) =>
  useQuery({
    queryKey: integrationKeys.deliveries(endpointId),
    queryFn: () => apiRequest<WebhookDelivery[]>(`/admin/webhooks/${endpointId}/deliveries`),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 5000 : false),
  });

/** POST /api/admin/webhooks/{id}/deliveries/{delivery_id}/replay: a new delivery of the same event. */
export function useReplayDelivery(endpointId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest<WebhookDelivery>(`/admin/webhooks/${endpointId}/deliveries/${deliveryId}/replay`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.deliveries(endpointId) }),
  });
}

/** GET /api/admin/api-keys */
export const useApiKeys = () =>
  useQuery({ queryKey: integrationKeys.apiKeys, queryFn: () => apiRequest<ApiKey[]>('/admin/api-keys') });

/** POST /api/admin/api-keys {name, scopes} → {id, key}: the key is in this reply only. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateRequest) =>
      apiRequest<ApiKeyCreated>('/admin/api-keys', { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
  });
}

/** DELETE /api/admin/api-keys/{id}: revokes it. */
export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/admin/api-keys/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: integrationKeys.apiKeys }),
  });
}
