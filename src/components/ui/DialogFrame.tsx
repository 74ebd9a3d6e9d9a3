import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from './messages';

export interface DialogFrameProps {
  open: boolean;
  title: string;
  /** Escape, the close button or a click outside. */
  onClose: () => void;
  /** Something is under way: the dialog cannot be closed. */
  busy?: boolean;
  /**
   * A click or focus outside closes it (default). Off for a dialog opened in place of another:
   * the focus the closed one gives back to its trigger lies outside it.
   */
  closeOnInteractOutside?: boolean;
  size?: DialogRootProps['size'];
  /** The buttons under the body. */
  footer?: ReactNode;
  /** The body. */
  children: ReactNode;
}

/**
 * A centred dialog (form dialogs, details): its title, a body that scrolls when it does not fit,
 * the footer and a close button; nearly as wide as a phone's screen.
 */
export function DialogFrame({
  open,
  title,
  onClose,
  busy = false,
  closeOnInteractOutside = true,
  size,
  footer,
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onClose();
      }}
      closeOnInteractOutside={!busy && closeOnInteractOutside}
      size={size}
      scrollBehavior="inside"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '3', sm: '4' }}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <DialogCloseButton disabled={busy} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The × in a dialog's corner. */
export function DialogCloseButton({ disabled }: { disabled: boolean }) {
  const t = useT();
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" aria-label={t('close')} disabled={disabled} />
    </Dialog.CloseTrigger>
  );
}
