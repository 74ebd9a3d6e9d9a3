import { defineNoun } from '@/components/list-screen';
import { defineMessages } from '@/lib/i18n';
import en from './en.json';

export const { useT, t } = defineMessages('features/reports', en);

/** What each report's CSV counts, for its download indicator. */
export const lineNoun = defineNoun('line', t, 'lineCount', 'lineNoun');
export const documentNoun = defineNoun('document', t, 'documentCount', 'documentNoun');
export const entryNoun = defineNoun('entry', t, 'entryCount', 'entryNoun');
export const invoiceNoun = defineNoun('invoice', t, 'invoiceCount', 'documentNoun');
export const creditNoteNoun = defineNoun('credit-note', t, 'creditNoteCount', 'documentNoun');
