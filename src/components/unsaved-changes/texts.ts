import { t } from './messages';

/**
 * Every text of the unsaved-changes confirmation, in one place and in the language of the moment
 * (getters: read when the dialog renders, never frozen at load).
 */
export const UNSAVED_CHANGES_TEXT = {
  get title() {
    return t('title');
  },
  get description() {
    return t('description');
  },
  get stay() {
    return t('stay');
  },
  get discard() {
    return t('discard');
  },
};
