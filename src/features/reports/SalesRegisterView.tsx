import { Alert, Button, Flex, List, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { NumberingCheck, SalesRegister, SalesRegisterEntry } from '@generated/model';
import type { CsvExport } from '@/components/list-screen';
import { DayField } from '@/components/list-screen/DayField';
import { formatCount, formatDate, formatVatRate } from '@/lib/format';
import { documentNoun, useT } from './messages';
import {
  MoneyCell,
  ReportScreen,
  ReportTable,
  SectionTitle,
  type PdfDownload,
} from './ReportControls';
import type { ReportLoad } from './use-report';

export interface SalesRegisterViewProps {
  from: string;
  to: string;
  /** A new period, once both days are whole (a day being typed is not sent). */
  onPeriodChange: (period: { from: string; to: string }) => void;
  load: ReportLoad<SalesRegister>;
  /** The first entry of the page shown (skip) and the page's size. */
  skip: number;
  limit: number;
  onPage: (skip: number) => void;
  csv: CsvExport;
  onCsv: () => void;
  pdf: PdfDownload;
}

/** /admin/reports/sales-register: the period, the numbering check, the paged register, totals. */
export function SalesRegisterView({
  from,
  to,
  onPeriodChange,
  load,
  skip,
  limit,
  onPage,
  csv,
  onCsv,
  pdf,
}: SalesRegisterViewProps) {
  const t = useT();
  return (
    <ReportScreen
      title={t('registerTitle')}
      description={t('registerDescription')}
      csv={csv}
      onCsv={onCsv}
      pdf={pdf}
      period={
        <Flex gap="4" wrap="wrap">
          <DayField
            label={t('fromLabel')}
            value={from}
            onChange={(day) => day && onPeriodChange({ from: day, to })}
          />
          <DayField
            label={t('toLabel')}
            value={to}
            onChange={(day) => day && onPeriodChange({ from, to: day })}
          />
        </Flex>
      }
      load={load}
      loadingText={t('registerLoading')}
    >
      {(data) => (
        <Stack gap="6">
          <NumberingAlert data={data} />
          <Stack as="section" gap="3" aria-label={t('registerTable')}>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text color="fg.muted" role="status" data-testid="document-count">
                {documentNoun.count(data.total)}
              </Text>
              <Pager total={data.total} skip={skip} limit={limit} onPage={onPage} />
            </Flex>
            {data.entries.length === 0 ? (
              <Text color="fg.muted" borderWidth="1px" rounded="md" p="4">
                {t('registerEmpty')}
              </Text>
            ) : (
              <EntriesTable entries={data.entries} />
            )}
          </Stack>
          <Totals data={data} />
        </Stack>
      )}
    </ReportScreen>
  );
}

/** "No gap in the numbering", or each series with numbers missing, as an alert. */
function NumberingAlert({ data }: { data: SalesRegister }) {
  const t = useT();
  if (data.gap_free)
    return (
      <Alert.Root status="success" data-testid="numbering">
        <Alert.Indicator />
        <Alert.Title>{t('gapFree')}</Alert.Title>
      </Alert.Root>
    );
  const gaps = data.numbering.filter((check) => check.missing_count > 0);
  return (
    <Alert.Root status="error" role="alert" data-testid="numbering">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('gapsTitle')}</Alert.Title>
        <Alert.Description>
          <List.Root ps="4">
            {gaps.map((check) => (
              <List.Item key={`${check.kind}|${check.prefix}|${check.year}`}>
                {gapText(check, t)}
              </List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function gapText(check: NumberingCheck, t: ReturnType<typeof useT>): string {
  const listed = check.missing.join(', ');
  const more = check.missing_count - check.missing.length;
  return t('gapLine', {
    first: check.first,
    last: check.last,
    count: check.missing_count,
    n: formatCount(check.missing_count),
    numbers: more > 0 ? t('gapMore', { numbers: listed, more: formatCount(more) }) : listed,
  });
}

function Pager({
  total,
  skip,
  limit,
  onPage,
}: {
  total: number;
  skip: number;
  limit: number;
  onPage: (skip: number) => void;
}) {
  const t = useT();
  if (total <= limit) return null;
  return (
    <Flex gap="2" align="center">
      <Text fontSize="sm" data-testid="page-range">
        {t('pageRange', {
          first: formatCount(skip + 1),
          last: formatCount(Math.min(skip + limit, total)),
          total: formatCount(total),
        })}
      </Text>
      <Button
        size="sm"
        variant="outline"
        disabled={skip === 0}
        onClick={() => onPage(Math.max(0, skip - limit))}
      >
        {t('previousPage')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={skip + limit >= total}
        onClick={() => onPage(skip + limit)}
      >
        {t('nextPage')}
      </Button>
    </Flex>
  );
}

/** The rates met on the page, highest first: one taxable and one VAT column each. */
const ratesOf = (entries: readonly SalesRegisterEntry[]) =>
  [...new Set(entries.flatMap((entry) => entry.rates.map((r) => r.vat_rate)))].sort(
    (a, b) => b - a,
  );

function EntriesTable({ entries }: { entries: readonly SalesRegisterEntry[] }) {
  const t = useT();
  const rates = useMemo(() => ratesOf(entries), [entries]);
  return (
    <ReportTable label={t('registerTable')} minW={`${44 + rates.length * 14}rem`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('columnNumber')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('columnDate')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('columnBuyer')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('columnTaxId')}</Table.ColumnHeader>
          {rates.flatMap((rate) => [
            <Table.ColumnHeader key={`t${rate}`} textAlign="end">
              {t('columnTaxableAt', { rate: formatVatRate(rate) })}
            </Table.ColumnHeader>,
            <Table.ColumnHeader key={`v${rate}`} textAlign="end">
              {t('columnVatAt', { rate: formatVatRate(rate) })}
            </Table.ColumnHeader>,
          ])}
          <Table.ColumnHeader textAlign="end">{t('columnStamp')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('columnAmountDue')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => (
          <Table.Row key={entry.id}>
            <Table.Cell whiteSpace="nowrap">
              <Text fontWeight="medium">{entry.number}</Text>
              {entry.credits && (
                <Text fontSize="xs" color="fg.muted">
                  {t('creditsInvoice', { number: entry.credits })}
                </Text>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(entry.issued_at)}</Table.Cell>
            <Table.Cell>{entry.buyer_name}</Table.Cell>
            <Table.Cell>{entry.buyer_tax_id ?? t('finalConsumer')}</Table.Cell>
            {rates.flatMap((rate) => {
              const at = entry.rates.find((r) => r.vat_rate === rate);
              return [
                <MoneyCell key={`t${rate}`} amount={at?.taxable_amount ?? '0.000'} />,
                <MoneyCell key={`v${rate}`} amount={at?.vat_amount ?? '0.000'} />,
              ];
            })}
            <MoneyCell amount={entry.stamp_duty} />
            <MoneyCell amount={entry.amount_due} strong />
          </Table.Row>
        ))}
      </Table.Body>
    </ReportTable>
  );
}

/** The totals of the whole period (every page), invoices minus credit notes. */
function Totals({ data }: { data: SalesRegister }) {
  const t = useT();
  const lines: [string, string][] = [
    [t('columnTaxable'), data.totals.taxable_amount],
    [t('columnVat'), data.totals.vat_amount],
    [t('columnStamp'), data.totals.stamp_duty],
    [t('columnAmountDue'), data.totals.amount_due],
  ];
  return (
    <Stack as="section" gap="3" aria-label={t('totalsTitle')}>
      <SectionTitle title={t('totalsTitle')} />
      <ReportTable label={t('totalsTitle')} minW="16rem">
        <Table.Body>
          {lines.map(([label, amount]) => (
            <Table.Row key={label}>
              <Table.Cell>{label}</Table.Cell>
              <MoneyCell amount={amount} strong />
            </Table.Row>
          ))}
        </Table.Body>
      </ReportTable>
    </Stack>
  );
}
