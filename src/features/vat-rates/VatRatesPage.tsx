import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { VatRate } from '@generated/model';
import {
  createVatRate,
  deleteVatRate,
  updateVatRate,
  useListVatRates,
} from '@generated/hooks/vatrates/vatrates';
import { notify } from '@/components/ui/notify';
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
      try {
        if (vatRate) await updateVatRate(vatRate.id, toVatRateUpdate(values));
        else await createVatRate(toVatRateCreate(values));
      } catch (error) {
        notify.error(
          'Error',
          serverMessage(error, vatRate ? 'Failed to update VAT rate' : 'Failed to create VAT rate'),
        );
        return false;
      }
      notify.success(
        'Success',
        vatRate ? 'VAT rate updated successfully' : 'VAT rate created successfully',
      );
      reload();
      return true;
    },
    [reload],
  );

  const handleDelete = useCallback(
    async (vatRate: VatRate) => {
      try {
        await deleteVatRate(vatRate.id);
      } catch (error) {
        notify.error('Error', serverMessage(error, 'Failed to delete VAT rate'));
        return;
      }
      notify.success('Success', 'VAT rate deleted successfully');
      reload();
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
