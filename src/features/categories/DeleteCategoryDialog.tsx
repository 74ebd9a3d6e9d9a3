import { Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';

export type CategoryDeleteMode = 'soft' | 'force';

interface DeleteCategoryDialogProps {
  open: boolean;
  /** Name of the category (kept while the dialog closes). */
  categoryName: string;
  /** Already soft deleted: only Force Delete is offered. */
  inactive?: boolean;
  /** The deletion under way, if any: the buttons wait. */
  pending: CategoryDeleteMode | null;
  onCancel: () => void;
  onConfirm: (mode: CategoryDeleteMode) => void;
}

/**
 * Delete Category (spec §2): 'Soft Delete' marks it inactive (recommended), 'Force Delete' removes
 * it for good. An inactive category is already soft deleted: only 'Force Delete' is offered.
 */
export function DeleteCategoryDialog({
  open,
  categoryName,
  inactive = false,
  pending,
  onCancel,
  onConfirm,
}: DeleteCategoryDialogProps) {
  const busy = pending !== null;
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      closeOnInteractOutside={!busy}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete Category</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description>
                  How do you want to delete &quot;{categoryName}&quot;?
                </Dialog.Description>
                {inactive ? (
                  <Text fontSize="sm" color="fg.muted">
                    This category is already inactive (soft deleted). Reactivate it from the list,
                    or delete it permanently.
                  </Text>
                ) : (
                  <Box borderWidth="1px" rounded="md" p="3">
                    <Text fontWeight="semibold">Soft Delete (recommended)</Text>
                    <Text fontSize="sm" color="fg.muted">
                      Marks the category as inactive: it disappears from the shop, and its
                      subcategories and products keep their link to it.
                    </Text>
                  </Box>
                )}
                <Box borderWidth="1px" borderColor="border.error" rounded="md" p="3">
                  <Text fontWeight="semibold" color="fg.error">
                    Force Delete (permanent)
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    Removes the category for good: its subcategories become top-level and its
                    products uncategorised. This action cannot be undone.
                  </Text>
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer
              flexDirection={{ base: 'column-reverse', sm: 'row' }}
              alignItems={{ base: 'stretch', sm: 'center' }}
            >
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button
                variant="outline"
                colorPalette="red"
                onClick={() => onConfirm('force')}
                loading={pending === 'force'}
                disabled={busy}
                loadingText="Deleting..."
              >
                Force Delete
              </Button>
              {!inactive && (
                <Button
                  colorPalette="red"
                  onClick={() => onConfirm('soft')}
                  loading={pending === 'soft'}
                  disabled={busy}
                  loadingText="Deleting..."
                >
                  Soft Delete
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
