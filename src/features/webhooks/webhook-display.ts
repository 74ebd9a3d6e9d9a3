import {
  WebhookEventType,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@generated/model';
import { formatCount, formatDateTime } from '@/lib/format';
import { t } from './messages';

/** Every event an endpoint may receive, in the contract's order (orders, documents, stock, products). */
export const WEBHOOK_EVENTS: readonly WebhookEventType[] = Object.values(WebhookEventType);

/** 'Order placed' for order.created, in the language of the moment. */
export const eventLabel = (event: WebhookEventType): string => t(`event.${event}`);

/** A checkbox's label: the translated name, then the name a receiver sees ('Order placed (order.created)'). */
export const eventChoiceLabel = (event: WebhookEventType): string =>
  `${eventLabel(event)} (${event})`;

/** 'Pending', 'Succeeded', 'Failed'. */
export const deliveryStatusLabel = (status: WebhookDeliveryStatus): string =>
  t(`deliveryStatus.${status}`);

/**
 * An endpoint as its list shows it (docs/product.md §10.32): enabled; disabled by an admin; or
 * disabled by the server after 24 hours of failed deliveries (disabled_at set).
 */
export type EndpointState = 'enabled' | 'disabled' | 'auto_disabled';

export function endpointState(
  endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_at'>,
): EndpointState {
  if (endpoint.enabled) return 'enabled';
  return endpoint.disabled_at === null ? 'disabled' : 'auto_disabled';
}

/**
 * What the status badge adds: when the server disabled it ('Disabled after a day of failed
 * deliveries (27 Nov 2026, 15:05)'), or since when an enabled one fails; null otherwise.
 */
export function endpointStatusNote(
  endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_at' | 'failing_since'>,
): string | null {
  if (endpointState(endpoint) === 'auto_disabled')
    return t('autoDisabled', { at: formatDateTime(endpoint.disabled_at) });
  if (endpoint.enabled && endpoint.failing_since !== null)
    return t('failingSince', { at: formatDateTime(endpoint.failing_since) });
  return null;
}

/** The last attempt's answer: its HTTP status, else why it failed (a timeout…), else '-'. */
export function responseText(delivery: Pick<WebhookDelivery, 'response_code' | 'error'>): string {
  if (delivery.response_code !== null) return String(delivery.response_code);
  return delivery.error ?? '-';
}

/** '412 ms', '10,003 ms'; '-' before any attempt. */
export function durationText(ms: number | null): string {
  return ms === null ? '-' : t('durationMs', { ms: formatCount(ms) });
}

/**
 * Resend is offered for a delivery that is done (succeeded or failed): a pending one will be
 * tried anyway, and the server refuses it (409).
 */
export const canResend = (delivery: Pick<WebhookDelivery, 'status'>): boolean =>
  delivery.status !== 'pending';
