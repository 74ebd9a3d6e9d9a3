import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { VatRate } from '@generated/model';
import {
  createVatRate,
  deleteVatRate,
  updateVatRate,
  useListVatRates,
} from '@generated/hooks/vatrates/vatrates';
import { useCrudList } from '@/components/list-screen';
import { usePermission } from '@/lib/auth/permissions';
import { toVatRateCreate, toVatRateUpdate, type VatRateFormValues } from './vat-rate-form';
import { vatRateTexts, VatRatesView } from './VatRatesView';

const LIST_PATH = '/api/v1/admin/vat-rates/';
/** Every cached VAT rate list (this screen's and the pickers' `is_active=true` one). */
const isVatRateList = (key: unknown) => Array.isArray(key) && key[0] === LIST_PATH;

/** VAT rates management (/admin/vat-rates): loads every rate, saves and deletes (docs/product.md §7, §8). */
export function VatRatesPage() {
  const { mutate } = useSWRConfig();
  const data = useCrudList<VatRate, VatRateFormValues>({
    list: useListVatRates(),
    texts: vatRateTexts(),
    create: (values) => createVatRate(toVatRateCreate(values)),
    update: (vatRate, values) => updateVatRate(vatRate.id, toVatRateUpdate(values)),
    remove: (vatRate) => deleteVatRate(vatRate.id),
    reload: useCallback(() => void mutate(isVatRateList), [mutate]),
  });
  // createVatRate, updateVatRate, deleteVatRate.
  return <VatRatesView {...data} canEdit={usePermission('vat:write')} />;
}
