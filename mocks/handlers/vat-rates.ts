import type { VatRate, VatRateCreate, VatRateUpdate } from '@generated/model';
import { rateInUseIssue, rateLawChangeIssue } from '../../server/src/domain/rate-law';
import { vatRates as fixtures, vatRatesLifecycle } from '../fixtures';
import * as crud from './crud';
import { endpoint, json, noContent, notFound, now } from './endpoint';

const NOT_FOUND = 'VAT rate not found';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const vatRates = {
  /** GET /admin/vat-rates/ with the country_code and is_active filters applied. */
  list: crud.listOf('/admin/vat-rates/', fixtures, (items, query) => {
    const country = query.get('country_code')?.toUpperCase();
    const active = query.get('is_active');
    return json(
      items
        .filter(
          (rate) =>
            (!country || rate.country_code === country) &&
            (active === null || String(rate.is_active) === active),
        )
        // The server's order: by country, the latest in force first, then name and id.
        .sort(
          (a, b) =>
            compare(a.country_code, b.country_code) ||
            compare(b.effective_from, a.effective_from) ||
            compare(a.name, b.name) ||
            a.id - b.id,
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
  /**
   * PATCH /admin/vat-rates/{id}: `result`, or the rate (from `rates`, default both fixture sets)
   * with the body applied (404 for another id); a new rate or country on a rate in force, taken
   * effect or used answers 409 as the server does.
   */
  update: endpoint(
    'patch',
    '/admin/vat-rates/:id',
    (result?: VatRate, rates: readonly VatRate[] = [...fixtures, ...vatRatesLifecycle]) =>
      ({ params, body }) => {
        const current = rates.find((r) => String(r.id) === params.id);
        if (!current) return result ? json(result) : notFound(NOT_FOUND);
        const changes = body as VatRateUpdate;
        const lawChanged =
          (changes.rate !== undefined && changes.rate !== current.rate) ||
          (changes.country_code !== undefined &&
            changes.country_code.toUpperCase() !== current.country_code);
        const issue = lawChanged
          ? rateLawChangeIssue(
              current,
              { products: current.product_count, variants: current.variant_count },
              new Date(),
            )
          : null;
        if (issue) return json({ detail: issue }, 409);
        return json(result ?? { ...current, ...changes, updated_at: now() });
      },
  ),
  /**
   * DELETE /admin/vat-rates/{id} (204), 404 for an id not in `rates`; 409 while products or
   * variants use the rate (the server's words, from its own domain function).
   */
  delete: endpoint(
    'delete',
    '/admin/vat-rates/:id',
    (rates: readonly VatRate[] = [...fixtures, ...vatRatesLifecycle]) =>
      ({ params }) => {
        const rate = rates.find((r) => String(r.id) === params.id);
        if (!rate) return notFound(NOT_FOUND);
        const usage = { products: rate.product_count, variants: rate.variant_count };
        if (usage.products + usage.variants > 0)
          return json({ detail: rateInUseIssue(usage) }, 409);
        return noContent();
      },
  ),
};
