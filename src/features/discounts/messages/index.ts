import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/discounts', en);

/** What the screen counts ('12 discounts'), in the language of the moment. */
export const noun = defineNoun('discount', t, 'discountCount', 'nounOther');
