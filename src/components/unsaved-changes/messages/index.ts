import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { t } = defineMessages('components/unsaved-changes', en);
