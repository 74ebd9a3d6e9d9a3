import { HStack, IconButton } from '@chakra-ui/react';
import { PencilIcon, TrashIcon } from '@/components/icons';

interface RowActionsProps {
  /** What the row is called, for the buttons' accessible names ('Edit Sacs', 'Delete Sacs'). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** The edit and delete icon buttons at the end of a row. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={`Edit ${name}`}
        title="Edit"
        onClick={onEdit}
      >
        <PencilIcon />
      </IconButton>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
      >
        <TrashIcon />
      </IconButton>
    </HStack>
  );
}
