import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useRef } from 'react';
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
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onStay();
      }}
      initialFocusEl={() => stayRef.current}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{UNSAVED_CHANGES_TEXT.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{UNSAVED_CHANGES_TEXT.description}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={stayRef} variant="outline" onClick={onStay}>
                {UNSAVED_CHANGES_TEXT.stay}
              </Button>
              <Button colorPalette="red" onClick={onDiscard}>
                {UNSAVED_CHANGES_TEXT.discard}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
