import type { VatRate, VatRateCreate } from '@generated/model';
import { vatRates as fixtures } from '../fixtures';
import * as crud from './crud';
import { json } from './endpoint';

const find = crud.findOrFirst(fixtures);

export const vatRates = {
  /** GET /admin/vat-rates/ with the country_code and is_active filters applied. */
  list: crud.listOf('/admin/vat-rates/', fixtures, (items, query) => {
    const country = query.get('country_code')?.toUpperCase();
    const active = query.get('is_active');
    return json(
      items.filter(
        (rate) =>
          (!country || rate.country_code === country) &&
          (active === null || String(rate.is_active) === active),
      ),
    );
  }),
  get: crud.getById('/admin/vat-rates/:id', fixtures, 'VAT rate'),
  /** POST /admin/vat-rates/ (201) */
  create: crud.create<VatRate>('/admin/vat-rates/', ({ body }) => ({
    ...fixtures[0]!,
    description: null,
    effective_to: null,
    is_default: false,
    is_active: true,
    ...(body as VatRateCreate),
  })),
  update: crud.update('/admin/vat-rates/:id', (params) => find(params.id)),
  /** DELETE /admin/vat-rates/{id} (204) */
  delete: crud.remove('/admin/vat-rates/:id'),
};
