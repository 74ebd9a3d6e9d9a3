import { afterEach, describe, expect, it } from 'vitest';
import { WebhookEventType } from '@generated/model';
import { webhookDeliveries, webhookEndpoints } from '@mocks/fixtures/webhooks';
import { activateLocale } from '@/lib/i18n';
import {
  canResend,
  deliveryStatusLabel,
  durationText,
  endpointState,
  endpointStatusNote,
  eventChoiceLabel,
  eventLabel,
  responseText,
  WEBHOOK_EVENTS,
} from './webhook-display';
import { endpointIdOf } from './endpoint-id';

afterEach(() => activateLocale('en', { remember: false }));

const [erp, stock] = webhookEndpoints as [
  (typeof webhookEndpoints)[number],
  (typeof webhookEndpoints)[number],
];

describe('events', () => {
  it('offers every event of the contract, in its order, each named', () => {
    expect(WEBHOOK_EVENTS).toEqual(Object.values(WebhookEventType));
    expect(WEBHOOK_EVENTS.map(eventLabel)).toEqual([
      'Order placed',
      'Order status changed',
      'Order edited',
      'Order returned',
      'Order paid',
      'Invoice issued',
      'Credit note issued',
      'Stock low',
      'Out of stock',
      'Product created',
      'Product updated',
      'Product deleted',
    ]);
    expect(eventChoiceLabel('order.created')).toBe('Order placed (order.created)');
  });

  it('names them in French and Arabic too', async () => {
    await activateLocale('fr', { remember: false });
    expect(eventLabel('stock.out')).toBe('Rupture de stock');
    await activateLocale('ar', { remember: false });
    expect(eventLabel('stock.out')).toBe('نفاد المخزون');
    expect(deliveryStatusLabel('failed')).toBe('فشل');
  });
});

describe('endpoint state', () => {
  it('tells an endpoint the server disabled, with when, from one an admin disabled', () => {
    expect(endpointState(erp)).toBe('enabled');
    expect(endpointState(stock)).toBe('auto_disabled');
    expect(endpointState({ enabled: false, disabled_at: null })).toBe('disabled');
    // The shop's time zone (Africa/Tunis, UTC+1): 14:05Z is 15:05.
    expect(endpointStatusNote(stock)).toBe(
      'Disabled after a day of failed deliveries (27 Nov 2026, 15:05)',
    );
    expect(endpointStatusNote({ enabled: false, disabled_at: null, failing_since: null })).toBe(
      null,
    );
  });

  it('says since when an enabled endpoint fails, and nothing of a healthy one', () => {
    expect(endpointStatusNote(erp)).toBeNull();
    expect(endpointStatusNote({ ...erp, failing_since: '2026-11-28T10:05:00.000Z' })).toBe(
      'Failing since 28 Nov 2026, 11:05',
    );
  });
});

describe('deliveries', () => {
  it('shows the answer code, else why the attempt failed, else a dash', () => {
    expect(webhookDeliveries.map(responseText)).toEqual([
      '503',
      'No answer within 10 s',
      '200',
      '500',
    ]);
    expect(responseText({ response_code: null, error: null })).toBe('-');
  });

  it('writes durations in milliseconds, grouped', () => {
    expect(durationText(138)).toBe('138 ms');
    expect(durationText(10003)).toBe('10,003 ms');
    expect(durationText(0)).toBe('0 ms');
    expect(durationText(null)).toBe('-');
  });

  it('offers Resend for a finished delivery only (the server refuses a pending one)', () => {
    expect(webhookDeliveries.map((d) => [d.status, canResend(d)])).toEqual([
      ['pending', false],
      ['failed', true],
      ['succeeded', true],
      ['failed', true],
    ]);
  });
});

describe('endpointIdOf', () => {
  it('reads a positive 32-bit id, and nothing else', () => {
    expect(endpointIdOf('2')).toBe(2);
    expect(endpointIdOf('2147483647')).toBe(2147483647);
    for (const bad of [undefined, '', '0', '-1', '01', '1.5', 'abc', '2147483648', '99999999999'])
      expect(endpointIdOf(bad), String(bad)).toBeNull();
  });
});
