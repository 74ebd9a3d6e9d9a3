import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { VatRate } from '@generated/model';
import {
  createVatRate,
  deleteVatRate,
  updateVatRate,
  useListVatRates,
} from '@generated/hooks/vatrates/vatrates';
import { withToasts } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { toVatRateCreate, toVatRateUpdate, type VatRateFormValues } from './vat-rate-form';
import { VatRatesView } from './VatRatesView';

const LIST_PATH = '/api/v1/admin/vat-rates/';
/** Every cached VAT rate list (this screen's and the pickers' `is_active=true` one). */
const isVatRateList = (key: unknown) => Array.isArray(key) && key[0] === LIST_PATH;

/** VAT rates management (/admin/vat-rates): loads every rate, saves and deletes (spec §7, §8). */
export function VatRatesPage() {
  const list = useListVatRates();
  const { mutate } = useSWRConfig();
  const reload = useCallback(() => void mutate(isVatRateList), [mutate]);

  const handleSave = useCallback(
    async (values: VatRateFormValues, vatRate: VatRate | null) => {
      const saved = await withToasts(
        () =>
          vatRate
            ? updateVatRate(vatRate.id, toVatRateUpdate(values))
            : createVatRate(toVatRateCreate(values)),
        vatRate
          ? { success: 'VAT rate updated successfully', failure: 'Failed to update VAT rate' }
          : { success: 'VAT rate created successfully', failure: 'Failed to create VAT rate' },
      );
      if (saved) reload();
      return saved;
    },
    [reload],
  );

  const handleDelete = useCallback(
    async (vatRate: VatRate) => {
      const deleted = await withToasts(() => deleteVatRate(vatRate.id), {
        success: 'VAT rate deleted successfully',
        failure: 'Failed to delete VAT rate',
      });
      if (deleted) reload();
    },
    [reload],
  );

  return (
    <VatRatesView
      vatRates={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, 'Failed to load VAT rates') : null}
      onRetry={() => void list.mutate()}
      onSave={handleSave}
      onDelete={handleDelete}
    />
  );
}
