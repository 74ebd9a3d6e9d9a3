import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { DialogCloseButton } from './DialogFrame';
import { useT } from './messages';

/** One way to confirm, where there are several (Soft Delete / Force Delete). */
interface ConfirmChoice {
  label: string;
  onClick: () => void;
  /** This choice is under way: its button spins (every button waits while `busy`). */
  loading?: boolean;
  /** The less prominent look (outlined). */
  outline?: boolean;
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question: the dialog's accessible description. */
  children: ReactNode;
  /** More under the question (what each choice does). */
  details?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's text while `busy` (e.g. 'Deleting...'). */
  busyText?: string;
  /** Focus the cancel button first (where leaving by mistake would lose work). */
  focusCancel?: boolean;
  /** A confirmation is under way: the buttons wait and the dialog stays open. */
  busy?: boolean;
  /** A close (×) button in the corner. */
  closeButton?: boolean;
  /** Several confirming buttons instead of the one `confirmLabel` / `onConfirm` button. */
  choices?: readonly ConfirmChoice[];
  onConfirm?: () => void;
  onCancel: () => void;
}

/** The dialog of ConfirmDialog.tsx, loaded when it first opens. */
export function ConfirmDialogContent({
  open,
  title,
  children,
  details,
  confirmLabel,
  cancelLabel,
  busyText,
  focusCancel = false,
  busy = false,
  closeButton = false,
  choices,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const buttons = choices ?? [
    { label: confirmLabel ?? t('delete'), onClick: () => onConfirm?.(), loading: busy },
  ];
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      closeOnInteractOutside={!busy}
      initialFocusEl={focusCancel ? () => cancelRef.current : undefined}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {details ? (
                <Stack gap="4">
                  <Dialog.Description>{children}</Dialog.Description>
                  {details}
                </Stack>
              ) : (
                <Dialog.Description>{children}</Dialog.Description>
              )}
            </Dialog.Body>
            <Dialog.Footer
              // Three buttons do not fit side by side on a phone.
              flexDirection={choices ? { base: 'column-reverse', sm: 'row' } : undefined}
              alignItems={choices ? { base: 'stretch', sm: 'center' } : undefined}
            >
              <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={busy}>
                {cancelLabel ?? t('cancel')}
              </Button>
              {buttons.map((choice) => (
                <Button
                  key={choice.label}
                  colorPalette="red"
                  variant={choice.outline ? 'outline' : 'solid'}
                  onClick={choice.onClick}
                  loading={choice.loading}
                  disabled={busy}
                  loadingText={busyText}
                >
                  {choice.label}
                </Button>
              ))}
            </Dialog.Footer>
            {closeButton && <DialogCloseButton disabled={busy} />}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
