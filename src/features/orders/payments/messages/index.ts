import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/orders/payments', en);

/** What the remittances screen counts ('3 remittances'), in the language of the moment. */
export const remittanceNoun = defineNoun('remittance', t, 'remittanceCount', 'remittanceNounOther');
