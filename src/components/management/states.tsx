import { Alert, Badge, Button, Flex, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { SearchIcon } from '@/components/icons';

/** The spinner panel shown while a list loads. */
export function LoadingState({ text }: { text: string }) {
  return (
    <Flex
      role="status"
      align="center"
      justify="center"
      gap="3"
      py="10"
      borderWidth="1px"
      rounded="md"
      color="fg.muted"
    >
      <Spinner size="sm" />
      <Text>{text}</Text>
    </Flex>
  );
}

interface LoadErrorStateProps {
  /** E.g. 'Failed to load categories'. */
  title: string;
  /** What went wrong (omitted when it only repeats the title). */
  message?: string | null;
  onRetry?: () => void;
}

/** Shown instead of a list that could not be loaded. */
export function LoadErrorState({ title, message, onRetry }: LoadErrorStateProps) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message && message !== title && <Alert.Description>{message}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} alignSelf="center">
          Retry
        </Button>
      )}
    </Alert.Root>
  );
}

interface SearchInputProps {
  /** Placeholder, e.g. 'Search VAT rates...'. */
  placeholder: string;
  /** Accessible name, e.g. 'Search VAT rates'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a list (filters on the client). */
export function SearchInput({ placeholder, label, value, onChange }: SearchInputProps) {
  return (
    <InputGroup startElement={<SearchIcon boxSize="4" />} maxW={{ sm: 'sm' }}>
      <Input
        type="search"
        placeholder={placeholder}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </InputGroup>
  );
}

/** 'Active' / 'Inactive' (spec §4: is_active). */
export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge colorPalette={active ? 'green' : 'gray'} variant="subtle">
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
