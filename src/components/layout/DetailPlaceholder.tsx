import type { ReactNode } from 'react';
import { Flex, Spinner, Text } from '@chakra-ui/react';
import { UnavailableState } from '@/components/list-screen';
import { PageHeader } from './PageHeader';

/**
 * Where a detail screen's record stands while it is not there: the props a detail view takes
 * from its container beside the record, and hands on to this placeholder as they are.
 */
export interface DetailLoadState {
  loading: boolean;
  /** No such record: the not-found header and text replace everything else. */
  notFound?: boolean;
  /** The record could not be loaded for another reason (the container has toasted why). */
  failed?: boolean;
  onRetry?: () => void;
}

export interface DetailPlaceholderProps {
  /** The link back to the list (a BackLink). */
  back: ReactNode;
  state: DetailLoadState;
  text: {
    notFoundTitle: string;
    notFoundText: string;
    /** The screen's title while there is no record to name it, e.g. 'Order'. */
    title: string;
    /** E.g. 'The order could not be loaded.' */
    unavailable: string;
    /** E.g. 'Loading order…' */
    loading: string;
  };
}

/**
 * What a detail screen shows while its record is not there: not found, could not be loaded (with
 * a retry), or still loading. One component so that every detail screen says it the same way.
 */
export function DetailPlaceholder({ back, state, text }: DetailPlaceholderProps) {
  const { notFound = false, failed = false, loading, onRetry } = state;
  if (notFound)
    return (
      <>
        {back}
        <PageHeader title={text.notFoundTitle} />
        <Text color="fg.muted">{text.notFoundText}</Text>
      </>
    );
  return (
    <>
      {back}
      <PageHeader title={text.title} />
      {failed && !loading ? (
        <UnavailableState text={text.unavailable} onRetry={onRetry} />
      ) : (
        <Flex role="status" align="center" justify="center" gap="3" py="10" color="fg.muted">
          <Spinner size="sm" />
          <Text>{text.loading}</Text>
        </Flex>
      )}
    </>
  );
}
