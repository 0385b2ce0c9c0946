import { z } from 'zod';

/*
 * The provider's own systems (issue 47, items 4 and 5): webhook endpoints with their delivery log,
 * and API keys. Secrets and keys appear in exactly one reply each: the one that creates them.
 */

/** Every event a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'interview.completed',
  'assessment.ready',
  'decision.made',
  'appeal.opened',
  'task.submitted',
  'payout.paid',
  'payout.failed',
  'invitation.expired',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const webhookCreateRequestSchema = z.object({
  url: z.url({ message: 'Enter the full address of the endpoint, e.g. https://example.com/hooks' }).max(2000),
  events: z
    .array(webhookEventSchema)
    .min(1, 'Pick at least one event')
    .transform((list) => [...new Set(list)]),
});
export type WebhookCreateRequest = z.input<typeof webhookCreateRequestSchema>;

/** The reply of a registration: the signing secret, never shown again. */
export const webhookCreatedSchema = z.object({ id: z.string(), secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  created_at: z.string(),
  /** Since when deliveries have been failing (null while the last one succeeded). */
  failing_since: z.string().nullable(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The delivery this one replays (same event, sent again by hand). */
  replay_of: z.string().nullable(),
  created_at: z.string(),
  /** Every attempt, oldest first. */
  attempt_log: z.array(webhookAttemptSchema),
  /** What was (or will be) sent: `{id, type, created, data}`. */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What an API key may reach; a route that names none of these refuses keys. */
export const API_KEY_SCOPES = ['read:interviews', 'read:jobs', 'write:invitations'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** The prefix every key starts with: how the server tells a key from a session token. */
export const API_KEY_PREFIX = 'tm_';

export const apiKeyCreateRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name the key (e.g. the system that will use it)').max(100),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Pick at least one scope')
    .transform((list) => [...new Set(list)]),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequestSchema>;

/** The reply of a creation: the key itself, never shown again. */
export const apiKeyCreatedSchema = z.object({ id: z.string(), key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
