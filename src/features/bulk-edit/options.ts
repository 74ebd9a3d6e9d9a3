import type { Category, VatRate } from '@generated/model';
import { useListVatRates } from '@generated/hooks/vatrates/vatrates';
import type { Option } from '@/components/form';
import { formatVatRate } from '@/lib/format';
import { INHERIT_VAT_RATE } from './actions';
import { t } from './messages';

export const categoryOptions = (categories: readonly Category[] | undefined): Option[] =>
  (categories ?? []).map((c) => ({ value: String(c.id), label: c.name }));

/** The rates a bulk edit offers: those in force; for variants also their product's. */
const vatRateOptions = (rates: readonly VatRate[] | undefined, inherit: boolean): Option[] => [
  ...(inherit ? [{ value: INHERIT_VAT_RATE, label: t('productVatRate') }] : []),
  ...(rates ?? [])
    .filter((rate) => rate.status === 'in_force')
    .map((rate) => ({
      value: String(rate.id),
      label: t('vatRateOption', {
        name: rate.name,
        rate: formatVatRate(rate.rate),
        country: rate.country_code,
      }),
    })),
];

/** The VAT rate choices, loaded only once the Set VAT Rate dialog opens. */
export function useVatRateOptions(open: boolean, inherit: boolean): Option[] {
  const rates = useListVatRates({ is_active: true }, { swr: { enabled: open } });
  return vatRateOptions(rates.data, inherit);
}
