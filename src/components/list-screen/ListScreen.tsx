import { Button, Flex, Text } from '@chakra-ui/react';
import { memo, useDeferredValue, useState, type ReactNode } from 'react';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { PageHeader } from '@/components/layout/PageHeader';
import { PlusIcon } from '@/components/icons';
import {
  LoadErrorState,
  LoadingState,
  SearchInput,
  UnavailableState,
  type SearchInputProps,
} from './states';
import { ROW_FROM_SM } from '@/components/layout/responsive';
import type { ServerListState } from './use-server-list';
import { countText, type ListCount } from './count';

export interface ListScreenProps {
  title: string;
  description: string;
  /** Buttons of the header ('Add Product'); keep it stable, the header is memoised. */
  actions?: ReactNode;
  /** Between the header and the toolbar (e.g. a notice about where the data comes from). */
  notice?: ReactNode;
  /** The search box (controlled: the screen or the server filters). */
  search?: SearchInputProps;
  /** More controls in the toolbar (filters). */
  filters?: ReactNode;
  /** How many rows there are ('3 of 12 products'); null while unknown. */
  count?: ListCount | null;
  /** Shown instead of the list when it could not be loaded (LoadErrorState, UnavailableState). */
  error?: ReactNode;
  /** The list is not there yet: LoadingState with `loadingText` instead of `children`. */
  loading: boolean;
  loadingText: string;
  /** The list (a DataTable), then what follows it (dialogs). */
  children: ReactNode;
  /** Below the list, whatever its state (dialogs). */
  footer?: ReactNode;
}

/**
 * The frame of every list screen: header with actions, toolbar (search, filters, count), then
 * the error, the loading state or the list. Presentational: the page component fetches.
 */
export function ListScreen({
  title,
  description,
  actions,
  notice,
  search,
  filters,
  count,
  error,
  loading,
  loadingText,
  children,
  footer,
}: ListScreenProps) {
  return (
    <>
      <Header title={title} description={description} actions={actions} />
      {notice}
      {(search || filters || count) && (
        <Flex gap="3" mb="4" {...ROW_FROM_SM} wrap="wrap">
          {search && <SearchInput {...search} />}
          {filters}
          {count && (
            <Text
              fontSize="sm"
              color="fg.muted"
              role="status"
              data-testid={`${count.noun.id}-count`}
              ms={{ sm: 'auto' }}
            >
              {countText(count)}
            </Text>
          )}
        </Flex>
      )}
      {error ? error : loading ? <LoadingState text={loadingText} /> : children}
      {footer}
    </>
  );
}

/**
 * ListScreen's count, error and loading state for a server-side list (useServerList): `error`
 * is shown while no rows came.
 */
function serverListStates<T>(
  { rows, count, isLoading, failed }: ServerListState<T>,
  noun: ListCount['noun'],
  error: ReactNode,
): Pick<ListScreenProps, 'count' | 'error' | 'loading'> {
  return {
    count: count && { noun, ...count },
    error: failed && !rows ? error : null,
    loading: isLoading || !rows,
  };
}

/**
 * serverListStates with UnavailableState as the error: `text` (the server's list cannot be
 * reached), and Retry loads the list again.
 */
export function serverListOrUnavailable<T>(
  list: ServerListState<T>,
  noun: ListCount['noun'],
  text: string,
  testId: string,
): Pick<ListScreenProps, 'count' | 'error' | 'loading'> {
  return serverListStates(
    list,
    noun,
    <UnavailableState text={text} onRetry={() => void list.reload()} testId={testId} />,
  );
}

/**
 * serverListStates with LoadErrorState as the error: `title`, then `message` (the server's reason),
 * and Retry loads the list again.
 */
export function serverListOrLoadError<T>(
  list: ServerListState<T>,
  noun: ListCount['noun'],
  title: string,
  message: string | null,
): Pick<ListScreenProps, 'count' | 'error' | 'loading'> {
  return serverListStates(
    list,
    noun,
    <LoadErrorState title={title} message={message} onRetry={() => void list.reload()} />,
  );
}

/** The header's Add button of a list screen ('Add Discount'): it opens the create dialog. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon />
      {label}
    </Button>
  );
}

/** Memoised: the title row never changes while the search box is typed in. */
const Header = memo(PageHeader);

/** How long the typing pauses before a server-side list is asked (one request per pause). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a list screen: its props (`{ ...box }` in `search`), and the query the list
 * follows, at a lower priority so that typing stays immediate (or at once when `immediate`).
 * With `debounce`, the query follows once the typing paused (the server searches), and at once
 * when the box is cleared.
 */
export function useListSearch(
  initialSearch = '',
  { immediate = false, debounce = false }: { immediate?: boolean; debounce?: boolean } = {},
) {
  const [value, setValue] = useState(initialSearch);
  const deferred = useDeferredValue(value);
  const debounced = useDebouncedValue(value, SEARCH_DEBOUNCE_MS);
  const query = debounce ? (value.trim() === '' ? '' : debounced) : immediate ? value : deferred;
  return { box: { value, onChange: setValue }, query, searching: query.trim() !== '' };
}
