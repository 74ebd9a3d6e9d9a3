import { Button, Stack, type DialogRootProps } from '@chakra-ui/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { focusFirstInvalidField } from './focus-invalid';
import { useT } from './messages';

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

function focusAfterInvalidSubmit(event: FormEvent<HTMLDivElement>) {
  if (event.target instanceof HTMLFormElement) void focusFirstInvalidField(event.target);
}

/**
 * A create/edit dialog around one form (native validation off: the screens validate with yup).
 * Centred, nearly as wide as a phone's screen, its body scrolling when the fields do not fit.
 */
export function FormDialog({
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
  ...frame
}: FormDialogProps) {
  const t = useT();
  const ownFormId = useId();
  const formId = givenFormId ?? ownFormId;
  const guard = useUnsavedChangesGuard(frame.open && dirty);
  const onClose = () => guard.confirm(close);
  return (
    <DialogFrame
      {...frame}
      size={size}
      onClose={onClose}
      busy={submitting}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={submitting}
            loadingText={t('saving')}
            disabled={submitDisabled}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {/* Any form of the dialog, its own or the children's: the submit bubbles here after it ran. */}
      <div style={{ display: 'contents' }} onSubmit={focusAfterInvalidSubmit}>
        {onSubmit ? (
          <form id={formId} noValidate onSubmit={onSubmit}>
            <Stack gap="4">{children}</Stack>
          </form>
        ) : (
          children
        )}
      </div>
    </DialogFrame>
  );
}
