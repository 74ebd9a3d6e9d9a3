import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/orders/bulk', en);
