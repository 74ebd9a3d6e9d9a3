import { Flex, Text } from '@chakra-ui/react';
import { XIcon } from '@/components/icons';

interface RemovableChipProps {
  /** What was chosen, as shown. */
  name: string;
  /** The remove button's accessible name, e.g. 'Remove Tunisia'. */
  removeLabel: string;
  onRemove: () => void;
  testId: string;
}

/** One value a picker holds, as an item of its list (a `ul`): its name and a button removing it. */
export function RemovableChip({ name, removeLabel, onRemove, testId }: RemovableChipProps) {
  return (
    <Flex
      as="li"
      align="center"
      gap="1"
      borderWidth="1px"
      borderRadius="md"
      ps="2"
      fontSize="sm"
      data-testid={testId}
    >
      <Text as="span">{name}</Text>
      <button
        type="button"
        className="chip-remove"
        aria-label={removeLabel}
        onClick={onRemove}
        style={{ display: 'inline-flex', padding: '0.25rem 0.5rem' }}
      >
        <XIcon boxSize="3.5" />
      </button>
    </Flex>
  );
}
