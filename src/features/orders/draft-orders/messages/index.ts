import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/orders/draft-orders', en);

/** What the drafts list counts ('3 drafts'), in the language of the moment. */
export const noun = defineNoun('draft', t, 'draftCount', 'nounOther');
