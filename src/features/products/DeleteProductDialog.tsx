import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { memo } from 'react';

interface DeleteProductDialogProps {
  open: boolean;
  /** Name of the product to delete (kept while the dialog closes). */
  productName: string;
  /** The deletion is under way: the buttons wait. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Confirmation before deleting a product (spec §2 "Products list"). */
export const DeleteProductDialog = memo(function DeleteProductDialog({
  open,
  productName,
  pending,
  onCancel,
  onConfirm,
}: DeleteProductDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !pending) onCancel();
      }}
      closeOnInteractOutside={!pending}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete Product</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                Are you sure you want to delete &quot;{productName}&quot;? This action cannot be
                undone.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
              <Button
                colorPalette="red"
                onClick={onConfirm}
                loading={pending}
                loadingText="Deleting..."
              >
                Delete
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={pending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
});
