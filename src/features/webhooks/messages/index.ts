import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/webhooks', en);

/** What the endpoints list counts ('2 endpoints'), in the language of the moment. */
export const noun = defineNoun('webhook', t, 'endpointCount', 'endpoints');

/** What the deliveries list counts ('3 deliveries'). */
export const deliveryNoun = defineNoun('webhook-delivery', t, 'deliveryCount', 'deliveriesPlural');
