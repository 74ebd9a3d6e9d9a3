import type { VatRate, VatRateCreate, VatRateUpdate } from '@generated/model';
import { vatRates as fixtures } from '../fixtures';
import { byId, endpoint, json, newId, noContent, now } from './endpoint';

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
  get: endpoint(
    'get',
    '/admin/vat-rates/:id',
    (source: VatRate | readonly VatRate[] = fixtures) =>
      ({ params }) =>
        byId(source, params.id, 'VAT rate'),
  ),
  /** POST /admin/vat-rates/ (201) */
  create: endpoint(
    'post',
    '/admin/vat-rates/',
    (result?: VatRate) =>
      ({ body }) =>
        json(
          result ?? {
            ...fixtures[0]!,
            description: null,
            effective_to: null,
            is_default: false,
            is_active: true,
            ...(body as VatRateCreate),
            id: newId(),
            created_at: now(),
            updated_at: now(),
          },
          201,
        ),
  ),
  update: endpoint(
    'patch',
    '/admin/vat-rates/:id',
    (result?: VatRate) =>
      ({ params, body }) =>
        json(
          result ?? {
            ...(fixtures.find((r) => String(r.id) === params.id) ?? fixtures[0]!),
            ...(body as VatRateUpdate),
            updated_at: now(),
          },
        ),
  ),
  /** DELETE /admin/vat-rates/{id} (204) */
  delete: endpoint('delete', '/admin/vat-rates/:id', () => () => noContent()),
};
