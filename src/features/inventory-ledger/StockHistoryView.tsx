import { Button, Flex, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { StockMovementEntry } from '@generated/model';
import { LoadingState, UnavailableState, type ServerListState } from '@/components/list-screen';
import { activeLocale, INTL_TAGS } from '@/lib/i18n';
import { useT } from './messages';
import { toMovementRows } from './movement-rows';
import { MovementsTable } from './MovementsTable';

export interface StockHistoryViewProps {
  /** The variant's movements, newest first, a page at a time. */
  list: ServerListState<StockMovementEntry>;
}

/** A count in the active language's digits and grouping ("1,234" in English). */
const format = (n: number) => n.toLocaleString(INTL_TAGS[activeLocale()]);

/** One variant's stock movements, newest first, with 'Load more' while some are not shown. */
export function StockHistoryView({
  list: { rows: movements, count, isLoading, failed, reload, table },
}: StockHistoryViewProps) {
  const t = useT();
  const rows = useMemo(() => toMovementRows(movements ?? []), [movements]);
  if (failed && !movements)
    return (
      <UnavailableState
        text={t('historyUnavailable')}
        onRetry={() => void reload()}
        testId="stock-history-unavailable"
      />
    );
  if (isLoading || !movements) return <LoadingState text={t('historyLoading')} />;
  const total = count?.shown ?? rows.length;
  return (
    <>
      <MovementsTable rows={rows} total={table.total} loading={table.loading} />
      {rows.length > 0 && (
        <Flex mt="3" gap="3" align="center" justify="space-between" wrap="wrap">
          <Text fontSize="sm" color="fg.muted" role="status" data-testid="stock-history-count">
            {t('showing', { shown: format(rows.length), total: format(total), count: total })}
          </Text>
          {rows.length < total && (
            <Button
              size="sm"
              variant="outline"
              loading={table.loading}
              onClick={() => table.onEndReached?.()}
            >
              {t('loadMore')}
            </Button>
          )}
        </Flex>
      )}
    </>
  );
}
