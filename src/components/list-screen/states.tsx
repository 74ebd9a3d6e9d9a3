import { Alert, Button, Flex, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { SearchIcon } from '@/components/icons';
import { useT } from './messages';

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

export interface LoadErrorStateProps {
  /** E.g. 'Failed to load categories'. */
  title: string;
  /** What went wrong (omitted when it only repeats the title). */
  message?: string | null;
  onRetry?: () => void;
  /** A retry is under way: its button waits. */
  retrying?: boolean;
}

/** Shown instead of a list that could not be loaded, with why. */
export function LoadErrorState({ title, message, onRetry, retrying = false }: LoadErrorStateProps) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message && message !== title && <Alert.Description>{message}</Alert.Description>}
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} alignSelf="center">
          {t('retry')}
        </Button>
      )}
    </Alert.Root>
  );
}

export interface UnavailableStateProps {
  /** E.g. 'The orders could not be loaded.' (the container has toasted the error). */
  text: string;
  onRetry?: () => void;
  testId?: string;
}

/** A quiet panel instead of a list that could not be loaded, where a toast already said why. */
export function UnavailableState({ text, onRetry, testId }: UnavailableStateProps) {
  const t = useT();
  return (
    <Flex
      direction="column"
      align="center"
      gap="3"
      py="10"
      borderWidth="1px"
      rounded="md"
      color="fg.muted"
      data-testid={testId}
    >
      <Text>{text}</Text>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Flex>
  );
}

/** The contract's bound of every list's `search` parameter (maxLength). */
export const SEARCH_MAX_LENGTH = 100;

export interface SearchInputProps {
  /** Placeholder, e.g. 'Search VAT rates...'. */
  placeholder: string;
  /** Accessible name, e.g. 'Search VAT rates'. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a list. */
export function SearchInput({ placeholder, label, value, onChange }: SearchInputProps) {
  return (
    <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />} maxW={{ sm: 'sm' }}>
      <Input
        type="search"
        placeholder={placeholder}
        aria-label={label}
        maxLength={SEARCH_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </InputGroup>
  );
}
