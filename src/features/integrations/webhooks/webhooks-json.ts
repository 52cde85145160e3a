// The JSON of the webhook admin API (snake_case, ISO times), shared by the API and the screen's loader.
import type { WebhookDeliveryItem, WebhookEndpointListItem } from '~/core/webhooks/webhooks.server';

export function deliveryJson(d: WebhookDeliveryItem) {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}

export type DeliveryJson = ReturnType<typeof deliveryJson>;

export function endpointJson(e: WebhookEndpointListItem) {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    active: e.active,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    counts: e.counts,
    recent: e.recent.map(deliveryJson),
  };
}

export type EndpointJson = ReturnType<typeof endpointJson>;
