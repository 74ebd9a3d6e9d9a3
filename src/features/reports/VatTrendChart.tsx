import type { VatReturnMonth } from '@generated/model';
import { INTL_TAGS, useLocale } from '@/lib/i18n';
import { useT } from './messages';
import { formatMonth } from './report-period';
import { ReportChart } from './ReportChart';

/**
 * The twelve months of the return's trend as bars (taxable base and VAT); the table below it says
 * the same for a screen reader.
 */
export function VatTrendChart({ trend }: { trend: readonly VatReturnMonth[] }) {
  const t = useT();
  const tag = INTL_TAGS[useLocale()];
  return (
    <ReportChart
      testId="vat-trend-chart"
      points={trend.map((m) => ({
        label: formatMonth(m.month, tag, 'short'),
        taxable: Number(m.taxable_amount),
        vat: Number(m.vat_amount),
      }))}
      series={[
        { name: 'taxable', color: 'teal.solid', label: t('columnTaxable'), unit: 'money' },
        { name: 'vat', color: 'orange.solid', label: t('columnVat'), unit: 'money' },
      ]}
    />
  );
}
