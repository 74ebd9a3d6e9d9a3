import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

const { useT, t } = defineMessages('features/analytics', en);
export { useT };

/** What a report's CSV counts, for its download indicator. */
export const rowNoun = defineNoun('row', t, 'rowCount', 'rowNoun');
