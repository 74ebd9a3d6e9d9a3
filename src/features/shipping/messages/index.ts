import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/shipping', en);

/** What each list counts ('3 zones', '4 methods'), in the language of the moment. */
export const zoneNoun = defineNoun('zone', t, 'zoneCount', 'zoneNoun');
export const methodNoun = defineNoun('method', t, 'methodCount', 'methodNoun');
