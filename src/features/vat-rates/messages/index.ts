import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/vat-rates', en);

/** What the screen counts ('12 VAT rates'), in the language of the moment. */
export const noun = defineNoun('vat-rate', t, 'vatRateCount', 'vatRates');
