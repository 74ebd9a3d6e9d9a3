import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { t } = defineMessages('lib/http', en);
export { en as english };
