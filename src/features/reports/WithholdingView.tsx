import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import type { WithholdingReport } from '@generated/model';
import { formatCount, formatMoney } from '@/lib/format';
import { entryNoun, useT } from './messages';
import {
  MoneyCell,
  MonthlyReportScreen,
  ReportTable,
  type MonthlyReportProps,
} from './ReportControls';
import { formatShopDay } from '@/lib/format';

/** /admin/reports/withholding: the month's payments a buyer kept a withholding on. */
export function WithholdingView(props: MonthlyReportProps<WithholdingReport>) {
  const t = useT();
  return (
    <MonthlyReportScreen
      {...props}
      title={t('withholdingReportTitle')}
      description={t('withholdingReportDescription')}
      loadingText={t('withholdingLoading')}
    >
      {(data) => <WithholdingEntries data={data} />}
    </MonthlyReportScreen>
  );
}

function WithholdingEntries({ data }: { data: WithholdingReport }) {
  const t = useT();
  const { totals } = data;
  return (
    <Stack gap="4">
      <Stack gap="1" role="status" data-testid="withholding-totals">
        <Text fontWeight="semibold">
          {t('withholdingTotals', {
            payments: entryNoun.count(totals.payments),
            amount: formatMoney(totals.amount),
          })}
        </Text>
        <Text color={totals.missing_certificates > 0 ? 'fg.error' : 'fg.muted'}>
          {totals.missing_certificates > 0
            ? t('missingCertificates', {
                count: totals.missing_certificates,
                n: formatCount(totals.missing_certificates),
              })
            : t('allCertificates')}
        </Text>
      </Stack>
      {data.entries.length === 0 ? (
        <Text color="fg.muted" borderWidth="1px" rounded="md" p="4">
          {t('withholdingEmpty')}
        </Text>
      ) : (
        <ReportTable label={t('withholdingTable')} minW="52rem">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('columnReceived')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnBuyer')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnTaxId')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnOrder')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnInvoice')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('columnPaid')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('columnWithheld')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('columnCertificate')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.entries.map((entry) => (
              <Table.Row key={entry.payment_id}>
                <Table.Cell whiteSpace="nowrap">{formatShopDay(entry.received_on)}</Table.Cell>
                <Table.Cell>{entry.buyer_name}</Table.Cell>
                <Table.Cell>{entry.buyer_tax_id ?? t('finalConsumer')}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{entry.order_number}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {entry.invoice_number ?? t('noInvoice')}
                </Table.Cell>
                <MoneyCell amount={entry.paid_amount} />
                <MoneyCell amount={entry.withholding_amount} strong />
                <Table.Cell whiteSpace="nowrap">
                  {entry.certificate ?? (
                    <Badge colorPalette="red" variant="subtle">
                      {t('missing')}
                    </Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <Table.Footer>
            <Table.Row>
              <Table.Cell colSpan={6} fontWeight="semibold">
                {t('total')}
              </Table.Cell>
              <MoneyCell amount={totals.amount} strong />
              <Table.Cell />
            </Table.Row>
          </Table.Footer>
        </ReportTable>
      )}
    </Stack>
  );
}
