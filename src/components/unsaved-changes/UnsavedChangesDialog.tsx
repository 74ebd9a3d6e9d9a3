import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { UNSAVED_CHANGES_TEXT } from './texts';

interface UnsavedChangesDialogProps {
  open: boolean;
  onStay: () => void;
  onDiscard: () => void;
}

/**
 * 'Discard unsaved changes?': Stay on page (focused first, also Escape and a click outside) or
 * Discard changes.
 */
export function UnsavedChangesDialog({ open, onStay, onDiscard }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={UNSAVED_CHANGES_TEXT.title}
      confirmLabel={UNSAVED_CHANGES_TEXT.discard}
      cancelLabel={UNSAVED_CHANGES_TEXT.stay}
      focusCancel
      onConfirm={onDiscard}
      onCancel={onStay}
    >
      {UNSAVED_CHANGES_TEXT.description}
    </ConfirmDialog>
  );
}
