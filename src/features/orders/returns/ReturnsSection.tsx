import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { OrderReturn } from '@generated/model';
import { formatDateTime, formatMoney, toDecimal } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { PanelPending, Section } from '../OrderSection';
import { returnLineText } from './return-form';
import { useT } from './messages';

export interface ReturnsSectionProps {
  /** The order's returns, oldest first; undefined until loaded. */
  returns: OrderReturn[] | undefined;
  /** They could not be loaded. */
  failed: boolean;
  onRetry: () => void;
  /** Offers "Return items" (an order that may take a return, an admin who may write orders). */
  onReturnItems?: (() => void) | undefined;
  /** Downloads a return's credit note. */
  onDownload: (creditNote: NonNullable<OrderReturn['credit_note']>) => void;
}

/**
 * The returns of the order detail (docs/product.md §10.17): each return's date, lines (back to
 * stock or damaged), what it credited and its credit note, and "Return items".
 */
export function ReturnsSection({
  returns,
  failed,
  onRetry,
  onReturnItems,
  onDownload,
}: ReturnsSectionProps) {
  const t = useT();
  return (
    <Section title={t('returnsTitle')} testId="order-returns">
      <Stack gap="4">
        {returns === undefined ? (
          <PanelPending
            loadingText={t('returnsPending')}
            failedText={t('returnsFailed')}
            failed={failed}
            onRetry={onRetry}
          />
        ) : returns.length === 0 ? (
          <Text color="fg.muted">{t('noReturns')}</Text>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none">
            {returns.map((r) => (
              <ReturnEntry key={r.id} entry={r} onDownload={onDownload} />
            ))}
          </Stack>
        )}
        {onReturnItems && (
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onReturnItems}>
            {t('returnItems')}
          </Button>
        )}
      </Stack>
    </Section>
  );
}

function ReturnEntry({
  entry,
  onDownload,
}: {
  entry: OrderReturn;
  onDownload: ReturnsSectionProps['onDownload'];
}) {
  const t = useT();
  const note = entry.credit_note;
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-testid="order-return">
      <Flex justify="space-between" gap="3" wrap="wrap">
        <Text fontWeight="medium">
          {t('returnedOn', { date: formatDateTime(entry.created_at) })}
        </Text>
        <Text fontWeight="medium" data-testid="return-total">
          {t('creditedTotal', { amount: formatMoney(entry.total_amount) })}
        </Text>
      </Flex>
      <Stack as="ul" gap="1" mt="2" listStyleType="none">
        {entry.lines.map((line) => (
          <HStack as="li" key={line.id} gap="2" wrap="wrap" data-testid="return-line">
            <Text overflowWrap="anywhere">{returnLineText(line)}</Text>
            <Badge colorPalette={line.restock ? 'green' : 'orange'} variant="subtle">
              {line.restock ? t('restocked') : t('damaged')}
            </Badge>
          </HStack>
        ))}
      </Stack>
      {toDecimal(entry.shipping_amount)?.gt(0) && (
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('shippingCredited', { amount: formatMoney(entry.shipping_amount) })}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted" mt="1" overflowWrap="anywhere">
        {t('reasonIs', { reason: isolate(entry.reason) })}
      </Text>
      <Box mt="2">
        {note ? (
          <Button
            size="xs"
            variant="outline"
            aria-label={t('downloadCreditNote', { number: isolate(note.number) })}
            onClick={() => onDownload(note)}
          >
            {t('creditNote', { number: isolate(note.number) })}
          </Button>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('noCreditNote')}
          </Text>
        )}
      </Box>
    </Box>
  );
}
