import type { VatRate, VatRateCreate } from '@generated/model';
import { vatRates as fixtures } from '../fixtures';
import {
  createEndpoint,
  deleteEndpoint,
  findOrFirst,
  getByIdEndpoint,
  updateEndpoint,
} from './crud';
import { endpoint, json } from './endpoint';

const find = findOrFirst(fixtures);

export const vatRates = {
  /** GET /admin/vat-rates/ with the country_code and is_active filters applied. */
  list: endpoint(
    'get',
    '/admin/vat-rates/',
    (items: readonly VatRate[] = fixtures) =>
      ({ url }) => {
        const country = url.searchParams.get('country_code')?.toUpperCase();
        const active = url.searchParams.get('is_active');
        return json(
          items.filter(
            (rate) =>
              (!country || rate.country_code === country) &&
              (active === null || String(rate.is_active) === active),
          ),
        );
      },
  ),
  get: getByIdEndpoint('/admin/vat-rates/:id', fixtures, 'VAT rate'),
  /** POST /admin/vat-rates/ (201) */
  create: createEndpoint<VatRate>('/admin/vat-rates/', ({ body }) => ({
    ...fixtures[0]!,
    description: null,
    effective_to: null,
    is_default: false,
    is_active: true,
    ...(body as VatRateCreate),
  })),
  update: updateEndpoint('/admin/vat-rates/:id', (params) => find(params.id)),
  /** DELETE /admin/vat-rates/{id} (204) */
  delete: deleteEndpoint('/admin/vat-rates/:id'),
};
