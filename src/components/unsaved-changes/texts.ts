/** Every text of the unsaved-changes confirmation, in one place. */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Discard unsaved changes?',
  description: 'You have unsaved changes. If you leave this page, they will be lost.',
  stay: 'Stay on page',
  discard: 'Discard changes',
} as const;
