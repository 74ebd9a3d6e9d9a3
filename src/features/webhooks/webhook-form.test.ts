import { describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@mocks/fixtures/webhooks';
import {
  emptyWebhookValues,
  isWebhookUrl,
  toWebhookCreate,
  toWebhookUpdate,
  validateWebhook,
  webhookValuesOf,
  type WebhookFormValues,
} from './webhook-form';

const erp = webhookEndpoints[0]!;
const stock = webhookEndpoints[1]!;

const valid: WebhookFormValues = {
  url: ' https://erp.example.com/hooks/shop ',
  description: ' ERP order sync ',
  events: ['invoice.issued', 'order.created'],
  enabled: true,
};

describe('validateWebhook (the contract: an http(s) URL up to 2000, a description up to 500, an event)', () => {
  it('accepts an http or https URL with at least one event', () => {
    expect(validateWebhook(valid)).toEqual({ errors: {}, summary: null });
    expect(validateWebhook({ ...valid, url: 'http://192.0.2.10:8080/hook' }).summary).toBeNull();
    expect(validateWebhook({ ...valid, description: '' }).summary).toBeNull();
  });

  it('asks for a URL and an event', () => {
    expect(validateWebhook(emptyWebhookValues)).toEqual({
      errors: { url: 'URL is required', events: 'Choose at least one event' },
      summary: 'Please fill in all required fields',
    });
    expect(validateWebhook({ ...valid, url: '   ' }).errors).toEqual({ url: 'URL is required' });
  });

  it('refuses another scheme, a relative address and a URL too long', () => {
    for (const url of ['ftp://erp.example.com/hook', 'erp.example.com/hook', '/hooks', 'https://'])
      expect(validateWebhook({ ...valid, url }).errors, url).toEqual({
        url: 'Enter an http or https URL',
      });
    const long = `https://erp.example.com/${'a'.repeat(2000 - 24)}`;
    expect(long).toHaveLength(2000);
    expect(validateWebhook({ ...valid, url: long }).summary).toBeNull();
    expect(validateWebhook({ ...valid, url: `${long}a` }).errors).toEqual({
      url: 'URL must be at most 2000 characters',
    });
  });

  it('bounds the description at 500 characters, trimmed', () => {
    expect(validateWebhook({ ...valid, description: ` ${'d'.repeat(500)} ` }).summary).toBeNull();
    expect(validateWebhook({ ...valid, description: 'd'.repeat(501) }).errors).toEqual({
      description: 'Description must be at most 500 characters',
    });
  });

  it('knows an http(s) URL', () => {
    expect(isWebhookUrl('https://erp.example.com')).toBe(true);
    expect(isWebhookUrl('javascript:alert(1)')).toBe(false);
    expect(isWebhookUrl('mailto:ops@example.com')).toBe(false);
  });
});

describe('toWebhookCreate', () => {
  it('trims, and sends the events in the contract order', () => {
    expect(toWebhookCreate(valid)).toEqual({
      url: 'https://erp.example.com/hooks/shop',
      description: 'ERP order sync',
      events: ['order.created', 'invoice.issued'],
      enabled: true,
    });
  });
});

describe('toWebhookUpdate (only what changed)', () => {
  it('sends nothing for an endpoint left as it was, whatever the order of its events', () => {
    const same = webhookValuesOf(erp);
    expect(toWebhookUpdate(same, erp)).toEqual({});
    expect(toWebhookUpdate({ ...same, events: [...same.events].reverse() }, erp)).toEqual({});
    expect(toWebhookUpdate({ ...same, url: ` ${erp.url} ` }, erp)).toEqual({});
  });

  it('sends each changed field, trimmed', () => {
    expect(
      toWebhookUpdate(
        {
          url: ' https://erp.example.com/hooks/v2 ',
          description: ' ERP sync v2 ',
          events: ['order.paid', 'order.created'],
          enabled: false,
        },
        erp,
      ),
    ).toEqual({
      url: 'https://erp.example.com/hooks/v2',
      description: 'ERP sync v2',
      events: ['order.created', 'order.paid'],
      enabled: false,
    });
  });

  it('enables a disabled endpoint again with enabled alone', () => {
    expect(toWebhookUpdate({ ...webhookValuesOf(stock), enabled: true }, stock)).toEqual({
      enabled: true,
    });
  });
});
