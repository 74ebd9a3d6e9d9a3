import { Button, Flex, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { StockMovementEntry } from '@generated/model';
import { LoadingState, UnavailableState, type ServerListState } from '@/components/list-screen';
import { toMovementRows } from './movement-rows';
import { VariantMovementsTable } from './MovementsTable';

export interface StockHistoryViewProps {
  /** The variant's movements, newest first, a page at a time. */
  list: ServerListState<StockMovementEntry>;
}

const format = (n: number) => n.toLocaleString('en-US');

/** One variant's stock movements, newest first, with 'Load more' while some are not shown. */
export function StockHistoryView({
  list: { rows: movements, count, isLoading, failed, reload, table },
}: StockHistoryViewProps) {
  const rows = useMemo(() => toMovementRows(movements ?? []), [movements]);
  if (failed && !movements)
    return (
      <UnavailableState
        text="The stock history could not be loaded."
        onRetry={() => void reload()}
        testId="stock-history-unavailable"
      />
    );
  if (isLoading || !movements) return <LoadingState text="Loading stock history..." />;
  const total = count?.shown ?? rows.length;
  return (
    <>
      <VariantMovementsTable rows={rows} total={table.total} loading={table.loading} />
      {rows.length > 0 && (
        <Flex mt="3" gap="3" align="center" justify="space-between" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="stock-history-count">
            {`Showing ${format(rows.length)} of ${format(total)} ${total === 1 ? 'movement' : 'movements'}`}
          </Text>
          {rows.length < total && (
            <Button
              size="sm"
              variant="outline"
              loading={table.loading}
              onClick={() => table.onEndReached?.()}
            >
              Load more
            </Button>
          )}
        </Flex>
      )}
    </>
  );
}
