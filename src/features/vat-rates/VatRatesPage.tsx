import { PlaceholderPage } from '@/components/layout/PlaceholderPage';

/** VAT rates management (/admin/vat-rates) (spec §2). Placeholder: the screen itself is built separately. */
export function VatRatesPage() {
  return <PlaceholderPage title="VAT Rates" />;
}
