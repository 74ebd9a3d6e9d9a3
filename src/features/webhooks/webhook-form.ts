import { array, boolean, object, string } from 'yup';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEventType,
} from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { WEBHOOK_EVENTS } from './webhook-display';
import { t } from './messages';

/** The add/edit dialog's fields, as typed. */
export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

export const emptyWebhookValues: WebhookFormValues = {
  url: '',
  description: '',
  events: [],
  enabled: true,
};

/** The values of an endpoint being edited. */
export const webhookValuesOf = (endpoint: WebhookEndpoint): WebhookFormValues => ({
  url: endpoint.url,
  description: endpoint.description,
  events: [...endpoint.events],
  enabled: endpoint.enabled,
});

/** The contract's bounds: WebhookUrl, and the description of WebhookEndpointCreate. */
const URL_MAX_LENGTH = 2000;
const DESCRIPTION_MAX_LENGTH = 500;

/**
 * An absolute http or https URL (the contract's WebhookUrl). Which hosts are private needs the
 * server's DNS: it refuses them (422), and the dialog shows its message.
 */
export function isWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const webhookSchema = object({
  url: string()
    .trim()
    .required(() => t('urlRequired'))
    .max(URL_MAX_LENGTH, () => t('urlTooLong'))
    .test(
      'http-url',
      () => t('urlInvalid'),
      (value) => !value || isWebhookUrl(value),
    ),
  description: string()
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, () => t('descriptionTooLong')),
  events: array(string()).min(1, () => t('eventsRequired')),
  enabled: boolean(),
});

export function validateWebhook(values: WebhookFormValues): ValidationResult<WebhookFormValues> {
  return validationSummary(webhookSchema, values);
}

/** The events in the contract's order, whatever order they were ticked in. */
const inOrder = (events: readonly WebhookEventType[]) =>
  WEBHOOK_EVENTS.filter((event) => events.includes(event));

/** The create body of valid values: URL and description trimmed, events in the contract's order. */
export function toWebhookCreate(values: WebhookFormValues): WebhookEndpointCreate {
  return {
    url: values.url.trim(),
    description: values.description.trim(),
    events: inOrder(values.events),
    enabled: values.enabled,
  };
}

/**
 * The update body: only what changed (the server changes only what is sent, and checks a URL
 * sent again as a new one: its DNS once more), so an unchanged URL is left out.
 */
export function toWebhookUpdate(
  values: WebhookFormValues,
  endpoint: WebhookEndpoint,
): WebhookEndpointUpdate {
  const update: WebhookEndpointUpdate = {};
  const url = values.url.trim();
  if (url !== endpoint.url) update.url = url;
  const description = values.description.trim();
  if (description !== endpoint.description) update.description = description;
  const events = inOrder(values.events);
  const sameEvents =
    events.length === endpoint.events.length && events.every((e) => endpoint.events.includes(e));
  if (!sameEvents) update.events = events;
  if (values.enabled !== endpoint.enabled) update.enabled = values.enabled;
  return update;
}
