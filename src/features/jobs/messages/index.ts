import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/jobs', en);

/** What the screen counts ('12 jobs'), in the language of the moment. */
export const noun = defineNoun('job', t, 'jobCount', 'nounOther');
