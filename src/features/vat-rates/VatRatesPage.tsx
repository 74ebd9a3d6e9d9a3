import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { VatRate } from '@generated/model';
import {
  createVatRate,
  deleteVatRate,
  updateVatRate,
  useListVatRates,
} from '@generated/hooks/vatrates/vatrates';
import { useCrudActions } from '@/components/list-screen';
import { serverMessage } from '@/lib/http';
import { toVatRateCreate, toVatRateUpdate, type VatRateFormValues } from './vat-rate-form';
import { VatRatesView } from './VatRatesView';

const LIST_PATH = '/api/v1/admin/vat-rates/';
/** Every cached VAT rate list (this screen's and the pickers' `is_active=true` one). */
const isVatRateList = (key: unknown) => Array.isArray(key) && key[0] === LIST_PATH;

/** VAT rates management (/admin/vat-rates): loads every rate, saves and deletes (docs/product.md §7, §8). */
export function VatRatesPage() {
  const list = useListVatRates();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => void mutate(isVatRateList), [mutate]);

  const { onSave, onDelete } = useCrudActions<VatRate, VatRateFormValues>({
    name: 'VAT rate',
    create: (values) => createVatRate(toVatRateCreate(values)),
    update: (vatRate, values) => updateVatRate(vatRate.id, toVatRateUpdate(values)),
    remove: (vatRate) => deleteVatRate(vatRate.id),
    reload,
  });

  return (
    <VatRatesView
      items={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, 'Failed to load VAT rates') : null}
      onRetry={() => void list.mutate()}
      onSave={onSave}
      onDelete={onDelete}
    />
  );
}
