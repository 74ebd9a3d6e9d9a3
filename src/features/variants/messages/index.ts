import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/variants', en);

/** What the screen counts ('12 variants'), in the language of the moment. */
export const noun = defineNoun('variant', t, 'variantCount', 'variantsNoun');
