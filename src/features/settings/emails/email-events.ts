import type { EmailLanguage, EmailSentEvent, OrderEmailEvent } from '@generated/model';
import { formatDateTime } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { t } from './messages';

/** The order e-mails, in the order of an order's life (the switches' and the preview's order). */
export const ORDER_EMAIL_EVENTS = [
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderEmailEvent[];

export const EMAIL_LANGUAGES = ['en', 'fr', 'ar'] as const satisfies readonly EmailLanguage[];

/** "Order shipped" etc., as the switches name the events. */
export const emailEventLabel = (event: OrderEmailEvent) => t(`event.${event}`);

/**
 * An e-mail of the order's timeline: which e-mail went to whom, then what became of it (sent
 * when, still waiting, failed and retried, or given up) and the credit note it carried.
 */
export function describeEmailEvent(event: EmailSentEvent): { sentence: string; detail: string } {
  const delivery =
    event.delivery === 'sent' && event.sent_at
      ? t('timeline.sent', { time: formatDateTime(event.sent_at) })
      : t(`timeline.${event.delivery === 'sent' ? 'queued' : event.delivery}`);
  return {
    // The address reads left to right inside an Arabic sentence.
    sentence: t('timeline.sentence', { event: event.event, recipient: isolate(event.recipient) }),
    detail: [
      delivery,
      ...(event.attachment ? [t('timeline.attachment', { file: isolate(event.attachment) })] : []),
    ].join('\n'),
  };
}

/** The settings' change log names the switches by the events switched off (shop-settings.ts). */
export const EMAILS_OFF_FIELD = 'order_emails_off';

export const emailsOffLabel = () => t('changeField');

/** "shipped, delivered" as the switches name them: "Order shipped, Order delivered". */
export const emailsOffValue = (value: string) =>
  value
    .split(', ')
    .map((event) =>
      (ORDER_EMAIL_EVENTS as readonly string[]).includes(event)
        ? emailEventLabel(event as OrderEmailEvent)
        : event,
    )
    .join(', ');
