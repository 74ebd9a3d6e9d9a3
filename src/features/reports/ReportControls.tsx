import { Box, Button, Flex, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, type Key, type ReactNode } from 'react';
import { ArrowLeftIcon } from '@/components/icons';
import { PageHeader } from '@/components/layout/PageHeader';
import {
  ExportMenu,
  ExportProgress,
  FilterSelect,
  LoadErrorState,
  LoadingState,
  type CsvExport,
  type ExportChoice,
} from '@/components/list-screen';
import { formatMoney } from '@/lib/format';
import { directionOf, INTL_TAGS, useLocale } from '@/lib/i18n';
import { useT } from './messages';
import { formatMonth, recentMonths, shiftMonth } from './report-period';
import type { PdfLanguage, ReportLoad } from './use-report';

/** Months a picker offers: three years back from the current one. */
const PICKER_MONTHS = 36;

interface MonthPickerProps {
  month: string;
  /** The shop's current month: the last one offered (a later month has not started). */
  current: string;
  onChange: (month: string) => void;
}

/** The report's month: a select of the last three years between a previous and a next button. */
function MonthPicker({ month, current, onChange }: MonthPickerProps) {
  const t = useT();
  const locale = useLocale();
  const options = useMemo(() => {
    const months = recentMonths(current, PICKER_MONTHS);
    // A month the address names outside the list stays choosable (an old link).
    if (!months.includes(month)) months.push(month);
    return months.map((value) => ({ value, label: formatMonth(value, INTL_TAGS[locale]) }));
  }, [current, month, locale]);
  // The arrows point where the months go: backwards is to the right in Arabic.
  const rtl = directionOf(locale) === 'rtl';
  return (
    <Flex gap="2" align="center" role="group" aria-label={t('monthLabel')}>
      <IconButton
        variant="outline"
        size="sm"
        aria-label={t('previousMonth')}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ArrowLeftIcon transform={rtl ? 'scaleX(-1)' : undefined} />
      </IconButton>
      <FilterSelect
        label={t('monthLabel')}
        value={month}
        options={options}
        onChange={onChange}
        width="12rem"
      />
      <IconButton
        variant="outline"
        size="sm"
        aria-label={t('nextMonth')}
        disabled={month >= current}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <ArrowLeftIcon transform={rtl ? undefined : 'scaleX(-1)'} />
      </IconButton>
    </Flex>
  );
}

/** A report's PDF: its language (French, the books' language, unless changed) and the button. */
export interface PdfDownload {
  lang: PdfLanguage;
  setLang: (lang: PdfLanguage) => void;
  busy: boolean;
  download: () => void;
}

interface ReportDownloadsProps {
  csv: CsvExport;
  /** The CSV files offered: one named after the report ('VAT return'), or a screen's several. */
  csvChoices: readonly ExportChoice[];
  onCsv: (choice: ExportChoice) => void;
  pdf?: PdfDownload;
}

/** The report's files: the CSV in the spreadsheet's variant, and the PDF when it has one. */
function ReportDownloads({ csv, csvChoices, onCsv, pdf }: ReportDownloadsProps) {
  const t = useT();
  const languages = useMemo(
    () => [
      { value: 'fr' as const, label: t('pdfFrench') },
      { value: 'en' as const, label: t('pdfEnglish') },
    ],
    [t],
  );
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <ExportMenu choices={csvChoices} onExport={onCsv} csv={csv} />
      {pdf && (
        <Flex gap="2" wrap="wrap" role="group" aria-label={t('downloadPdf')}>
          <FilterSelect
            label={t('pdfLanguage')}
            value={pdf.lang}
            options={languages}
            onChange={pdf.setLang}
            width={{ base: 'full', sm: 'auto' }}
          />
          <Button variant="outline" loading={pdf.busy} onClick={pdf.download}>
            {t('downloadPdf')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

interface ReportBodyProps<D> {
  load: ReportLoad<D>;
  loadingText: string;
  /** The report, once loaded. */
  children: (data: D) => ReactNode;
}

/**
 * A report's loading, refusal or failure, else the report. A 403 says the admin may not open it,
 * a 422 what is wrong with the period (the server's words), anything else why it failed.
 */
export function ReportBody<D>({ load, loadingText, children }: ReportBodyProps<D>) {
  const t = useT();
  if (load.failure)
    return (
      <Box data-testid="report-error">
        <LoadErrorState
          title={load.failure.status === 403 ? t('noAccessTitle') : load.failure.title}
          message={load.failure.message}
          onRetry={load.failure.status === 403 ? undefined : load.retry}
        />
      </Box>
    );
  if (!load.data) return <LoadingState text={loadingText} />;
  return children(load.data);
}

interface ReportScreenProps<D> {
  title: string;
  description: string;
  csv: CsvExport;
  /** The CSV files a screen of several reports offers (default: one, named after the title). */
  csvChoices?: readonly ExportChoice[];
  onCsv: (choice: ExportChoice) => void;
  pdf?: PdfDownload;
  /** The period's controls: a month picker, or the register's two days (none for a snapshot). */
  period: ReactNode;
  load: ReportLoad<D>;
  loadingText: string;
  /** The report, once loaded. */
  children: (data: D) => ReactNode;
}

/**
 * The frame every report screen shares: its title with the downloads (the CSV named after the
 * report), the download under way (the list kit's indicator), the period, then the report or
 * why it is not there.
 */
export function ReportScreen<D>({
  title,
  description,
  csv,
  csvChoices = [{ value: 'csv', label: title }],
  onCsv,
  pdf,
  period,
  load,
  loadingText,
  children,
}: ReportScreenProps<D>) {
  return (
    <Stack gap="6">
      <PageHeader
        title={title}
        description={description}
        actions={<ReportDownloads csv={csv} csvChoices={csvChoices} onCsv={onCsv} pdf={pdf} />}
      />
      <ExportProgress {...csv} />
      {period}
      <ReportBody load={load} loadingText={loadingText}>
        {children}
      </ReportBody>
    </Stack>
  );
}

/** What a month's report screen is given: the month shown and the shop's, the load, the CSV. */
export interface MonthlyReportProps<D> {
  month: string;
  /** The shop's current month (the last a picker offers). */
  current: string;
  onMonthChange: (month: string) => void;
  load: ReportLoad<D>;
  csv: CsvExport;
  onCsv: () => void;
}

/** The report screen of one month: its period is the month picker. */
export function MonthlyReportScreen<D>({
  month,
  current,
  onMonthChange,
  ...screen
}: MonthlyReportProps<D> & Omit<ReportScreenProps<D>, 'period'>) {
  return (
    <ReportScreen
      {...screen}
      period={<MonthPicker month={month} current={current} onChange={onMonthChange} />}
    />
  );
}

/** A figure cell: right-aligned (left in Arabic), tabular digits, never wrapped. */
export function FigureCell({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return (
    <Table.Cell
      textAlign="end"
      whiteSpace="nowrap"
      fontVariantNumeric="tabular-nums"
      fontWeight={strong ? 'semibold' : undefined}
    >
      {children}
    </Table.Cell>
  );
}

/** A money figure cell. */
export const MoneyCell = ({ amount, strong }: { amount: string; strong?: boolean }) => (
  <FigureCell strong={strong}>{formatMoney(amount)}</FigureCell>
);

/** A table that scrolls sideways inside its own region on a narrow screen. */
export function ReportTable({
  label,
  minW,
  children,
}: {
  label: string;
  minW: string;
  children: ReactNode;
}) {
  return (
    <Box
      overflowX="auto"
      borderWidth="1px"
      rounded="md"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <Table.Root size="sm" aria-label={label} minW={minW}>
        {children}
      </Table.Root>
    </Box>
  );
}

interface FiguresTableProps<R> {
  label: string;
  minW: string;
  /** The headers of the columns that name a row (a period; a product, its variant, its SKU). */
  names: readonly string[];
  /** The headers of the figures, aligned to the end like their cells. */
  figures: readonly string[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => Key;
  /** A row's cells: its names, then its figures. */
  children: (row: R) => ReactNode;
  /** The cells of the total row under the figures (its label spans the names' columns). */
  total?: ReactNode;
}

/**
 * A report's table of figures: the columns that name a row, then the figures (end-aligned), a row
 * an item, and the total when the report has one.
 */
export function FiguresTable<R>({
  label,
  minW,
  names,
  figures,
  rows,
  rowKey,
  children,
  total,
}: FiguresTableProps<R>) {
  const t = useT();
  return (
    <ReportTable label={label} minW={minW}>
      <Table.Header>
        <Table.Row>
          {names.map((header) => (
            <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
          ))}
          {figures.map((header) => (
            <Table.ColumnHeader key={header} textAlign="end">
              {header}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row, index) => (
          <Table.Row key={rowKey(row, index)}>{children(row)}</Table.Row>
        ))}
      </Table.Body>
      {total && (
        <Table.Footer>
          <Table.Row>
            <Table.Cell colSpan={names.length} fontWeight="semibold">
              {t('total')}
            </Table.Cell>
            {total}
          </Table.Row>
        </Table.Footer>
      )}
    </ReportTable>
  );
}

/** A heading-sized section title with its text. */
export function SectionTitle({ title, text }: { title: string; text?: string }) {
  return (
    <Box>
      <Text as="h2" fontSize="lg" fontWeight="semibold">
        {title}
      </Text>
      {text && (
        <Text color="fg.muted" fontSize="sm">
          {text}
        </Text>
      )}
    </Box>
  );
}
