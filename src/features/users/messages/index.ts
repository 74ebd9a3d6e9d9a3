import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/users', en);

/** What the screen counts ('12 users'), in the language of the moment. */
export const noun = defineNoun('user', t, 'userCount', 'users');
