import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT } = defineMessages('features/orders/edit', en);
