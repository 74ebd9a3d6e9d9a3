// Every French messages file in one chunk, loaded only when French is chosen (i18n.ts).
import { mergeCatalogue } from './catalogues';

export const messages = mergeCatalogue(
  import.meta.glob<Record<string, unknown>>('/src/**/messages/fr.json', {
    eager: true,
    import: 'default',
  }),
);
