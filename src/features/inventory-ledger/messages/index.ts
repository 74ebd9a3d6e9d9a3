import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/inventory-ledger', en);

/** What the screen counts ('12 movements'), in the language of the moment. */
export const noun = defineNoun('movement', t, 'movementCount', 'movements');
