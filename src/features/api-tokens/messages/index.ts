import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/api-tokens', en);

/** What the screen counts ('3 API tokens'), in the language of the moment. */
export const noun = defineNoun('api-token', t, 'tokenCount', 'apiTokens');
