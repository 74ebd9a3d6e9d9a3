import { Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { VatReturn } from '@generated/model';
import { formatCount, formatMoney, formatVatRate } from '@/lib/format';
import { INTL_TAGS, useLocale } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { creditNoteNoun, invoiceNoun, useT } from './messages';
import {
  FigureCell,
  FiguresTable,
  MoneyCell,
  MonthlyReportScreen,
  ReportTable,
  SectionTitle,
  type MonthlyReportProps,
  type PdfDownload,
} from './ReportControls';
import { formatShopDay } from '@/lib/format';
import { formatMonth } from './report-period';
import { VatTrendChart } from './VatTrendChart';

export interface VatReturnViewProps extends MonthlyReportProps<VatReturn> {
  pdf: PdfDownload;
}

/** /admin/reports/vat-return: the month picker, the return, the withholding apart, the trend. */
export function VatReturnView(props: VatReturnViewProps) {
  const t = useT();
  return (
    <MonthlyReportScreen
      {...props}
      title={t('vatTitle')}
      description={t('vatDescription')}
      loadingText={t('vatLoading')}
    >
      {(data) => <VatReturnReport data={data} />}
    </MonthlyReportScreen>
  );
}

function VatReturnReport({ data }: { data: VatReturn }) {
  const t = useT();
  return (
    <Stack gap="6">
      <Text data-testid="vat-period">
        {t('vatPeriod', {
          from: formatShopDay(data.from),
          to: formatShopDay(data.to),
          timeZone: data.time_zone,
          invoices: invoiceNoun.count(data.invoices),
          creditNotes: creditNoteNoun.count(data.credit_notes),
        })}
      </Text>
      <Stack as="section" gap="3" aria-label={t('ratesTitle')}>
        <SectionTitle title={t('ratesTitle')} />
        {data.rates.length === 0 ? (
          <Text color="fg.muted" borderWidth="1px" rounded="md" p="4">
            {t('vatEmpty')}
          </Text>
        ) : (
          <RatesTable data={data} />
        )}
      </Stack>
      <Stack as="section" gap="3" aria-label={t('returnTitle')}>
        <SectionTitle title={t('returnTitle')} />
        <ReturnLines data={data} />
      </Stack>
      <WithholdingCredit data={data} />
      <Stack as="section" gap="3" aria-label={t('trendTitle')}>
        <SectionTitle title={t('trendTitle')} />
        <VatTrendChart trend={data.trend} />
        <TrendTable data={data} />
      </Stack>
    </Stack>
  );
}

function RatesTable({ data }: { data: VatReturn }) {
  const t = useT();
  return (
    <FiguresTable
      label={t('ratesTable')}
      minW="48rem"
      names={[t('columnRate')]}
      figures={[
        t('columnInvoicesTaxable'),
        t('columnInvoicesVat'),
        t('columnCreditTaxable'),
        t('columnCreditVat'),
        t('columnNetTaxable'),
        t('columnNetVat'),
      ]}
      rows={data.rates}
      rowKey={(rate) => rate.vat_rate}
      total={
        <>
          <Table.Cell colSpan={4} />
          <MoneyCell amount={data.totals.taxable_amount} strong />
          <MoneyCell amount={data.totals.vat_amount} strong />
        </>
      }
    >
      {(rate) => (
        <>
          <Table.Cell fontWeight="medium">{formatVatRate(rate.vat_rate)}</Table.Cell>
          <MoneyCell amount={rate.invoices.taxable_amount} />
          <MoneyCell amount={rate.invoices.vat_amount} />
          <MoneyCell amount={rate.credit_notes.taxable_amount} />
          <MoneyCell amount={rate.credit_notes.vat_amount} />
          <MoneyCell amount={rate.net.taxable_amount} strong />
          <MoneyCell amount={rate.net.vat_amount} strong />
        </>
      )}
    </FiguresTable>
  );
}

function ReturnLines({ data }: { data: VatReturn }) {
  const t = useT();
  const lines: [string, string][] = [
    [t('lineTaxable'), data.totals.taxable_amount],
    [t('lineVat'), data.totals.vat_amount],
    [t('lineShippingTaxable'), data.shipping.taxable_amount],
    [t('lineShippingVat'), data.shipping.vat_amount],
    [t('lineExports'), data.zero_rated.exports],
    [t('lineReverseCharge'), data.zero_rated.reverse_charge],
    [
      t('lineStampDuty', {
        invoices: formatCount(data.stamp_duty.invoices),
        creditNotes: formatCount(data.stamp_duty.credit_notes),
      }),
      data.stamp_duty.amount,
    ],
    [t('lineAmountDue'), data.totals.amount_due],
  ];
  // The VAT and the amount due stand out: the figures the return is filed for.
  const strong = [t('lineVat'), t('lineAmountDue')];
  return (
    <FiguresTable
      label={t('returnTable')}
      minW="20rem"
      names={[t('columnLine')]}
      figures={[t('columnAmount')]}
      rows={lines}
      rowKey={([label]) => label}
    >
      {([label, amount]) => (
        <>
          <Table.Cell>{label}</Table.Cell>
          <MoneyCell amount={amount} strong={strong.includes(label)} />
        </>
      )}
    </FiguresTable>
  );
}

/** The withholding kept by buyers: a credit of the shop, never mixed into the VAT figures. */
function WithholdingCredit({ data }: { data: VatReturn }) {
  const t = useT();
  const locale = useLocale();
  const { withholding } = data;
  return (
    <Stack
      as="section"
      gap="3"
      aria-label={t('withholdingTitle')}
      borderWidth="1px"
      rounded="md"
      p="4"
      bg="bg.subtle"
    >
      <SectionTitle title={t('withholdingTitle')} text={t('withholdingText')} />
      <ReportTable label={t('withholdingTitle')} minW="16rem">
        <Table.Body>
          <Table.Row>
            <Table.Cell>{t('withholdingPayments')}</Table.Cell>
            <FigureCell>{formatCount(withholding.payments)}</FigureCell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('withholdingAmount')}</Table.Cell>
            <FigureCell strong>{formatMoney(withholding.amount)}</FigureCell>
          </Table.Row>
          <Table.Row>
            <Table.Cell>{t('withholdingMissing')}</Table.Cell>
            <FigureCell>{formatCount(withholding.missing_certificates)}</FigureCell>
          </Table.Row>
        </Table.Body>
      </ReportTable>
      <Flex>
        <Button asChild variant="outline" size="sm">
          <Link href={`${paths.reports.withholding}?month=${data.month}`}>
            {t('openWithholding', { month: formatMonth(data.month, INTL_TAGS[locale]) })}
          </Link>
        </Button>
      </Flex>
    </Stack>
  );
}

function TrendTable({ data }: { data: VatReturn }) {
  const t = useT();
  const locale = useLocale();
  return (
    <FiguresTable
      label={t('trendTable')}
      minW="20rem"
      names={[t('columnMonth')]}
      figures={[t('columnTaxable'), t('columnVat')]}
      rows={data.trend}
      rowKey={(m) => m.month}
    >
      {(m) => (
        <>
          <Table.Cell>{formatMonth(m.month, INTL_TAGS[locale])}</Table.Cell>
          <MoneyCell amount={m.taxable_amount} />
          <MoneyCell amount={m.vat_amount} />
        </>
      )}
    </FiguresTable>
  );
}
