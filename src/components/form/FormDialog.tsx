import { Button, CloseButton, Dialog, Portal, Stack, type DialogRootProps } from '@chakra-ui/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';

interface FormDialogProps {
  open: boolean;
  title: string;
  /** Label of the submit button, e.g. 'Create' or 'Update'. */
  submitLabel: string;
  /** The save is under way: the form waits and the dialog cannot be closed. */
  submitting: boolean;
  /** The submit button is disabled though nothing is being saved (e.g. an upload runs). */
  submitDisabled?: boolean;
  onClose: () => void;
  /**
   * The form has unsaved changes: closing the dialog (Cancel, Escape, close button, a click
   * outside) or leaving the page asks first.
   */
  dirty?: boolean;
  size?: DialogRootProps['size'];
  /**
   * With `onSubmit`, the dialog wraps the fields in its form. Without it, the children render
   * their own `<form id={formId}>`: a form whose state lives in a child mounted with the dialog
   * starts afresh each time the dialog opens.
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formId?: string;
  /** The fields (or the form). */
  children: ReactNode;
}

/**
 * A create/edit dialog around one form (native validation off: the screens validate with yup).
 * Centred, nearly as wide as a phone's screen, its body scrolling when the fields do not fit.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  submitting,
  submitDisabled = false,
  onClose: close,
  dirty = false,
  // Not a responsive size by default: 'full' at base would leave its full height on larger screens.
  size = 'lg',
  onSubmit,
  formId: givenFormId,
  children,
}: FormDialogProps) {
  const ownFormId = useId();
  const formId = givenFormId ?? ownFormId;
  const guard = useUnsavedChangesGuard(open && dirty);
  const onClose = () => guard.confirm(close);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !submitting) onClose();
      }}
      closeOnInteractOutside={!submitting}
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
            <Dialog.Body>
              {onSubmit ? (
                <form id={formId} noValidate onSubmit={onSubmit}>
                  <Stack gap="4">{children}</Stack>
                </form>
              ) : (
                children
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={submitting}>
                Cancel
              </Button>
              <Button
                type="submit"
                form={formId}
                loading={submitting}
                loadingText="Saving..."
                disabled={submitDisabled}
              >
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={submitting} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
