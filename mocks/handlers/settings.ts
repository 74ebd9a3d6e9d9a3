import type {
  EmailLanguage,
  OrderEmailEvent,
  OrderEmailPreview,
  ShopSettings,
  ShopSettingsChange,
  ShopSettingsUpdate,
} from '@generated/model';
import { previewOrderEmail } from '../../server/src/domain/order-email-templates';
import { samePrefixIssue } from '../../server/src/domain/document-prefixes';
import { missingForInvoices } from '../../server/src/domain/invoice-identity';
import { shopSettings, shopSettingsChanges } from '../fixtures/settings';
import * as crud from './crud';
import { endpoint, json, now } from './endpoint';

/** The written form the server stores a matricule fiscal in (1234567A/A/M/000). */
function writtenMatricule(value: string): string {
  const compact = value.replace(/[\s/]/g, '').toUpperCase();
  const parts = /^(\d{7}[A-Z])([A-Z])([A-Z])(\d{3})$/.exec(compact);
  return parts ? parts.slice(1).join('/') : value;
}

/** The settings after a PATCH body: its fields applied, the logo's URL, who and when. */
function applied(base: ShopSettings, body: ShopSettingsUpdate): ShopSettings {
  const next: ShopSettings = {
    ...base,
    ...body,
    // The switches sent change; the others keep their value.
    order_emails: { ...base.order_emails, ...body.order_emails },
    updated_at: now(),
    updated_by: 'admin',
  };
  if (body.matricule_fiscal) next.matricule_fiscal = writtenMatricule(body.matricule_fiscal);
  // Money is answered with its 3 decimals.
  if (body.stamp_duty) next.stamp_duty = Number(body.stamp_duty).toFixed(3);
  if ('logo_key' in body) next.logo_url = body.logo_key ? `/api/v1/media/${body.logo_key}` : null;
  return { ...next, missing_for_invoices: missingForInvoices(next) };
}

export const settings = {
  /** GET /admin/settings/shop */
  get: crud.single('/admin/settings/shop', shopSettings),
  /**
   * PATCH /admin/settings/shop: `result`, or `base` with the body applied; 422 on the field for
   * equal invoice and credit-note prefixes.
   */
  update: endpoint(
    'patch',
    '/admin/settings/shop',
    (result?: ShopSettings, base: ShopSettings = shopSettings) =>
      ({ body }) => {
        const next = applied(base, body as ShopSettingsUpdate);
        // Equal prefixes are refused as the server does, on the prefix sent.
        const same = samePrefixIssue(next.invoice_prefix, next.credit_note_prefix);
        if (same) {
          const field =
            (body as ShopSettingsUpdate).credit_note_prefix !== undefined
              ? 'credit_note_prefix'
              : 'invoice_prefix';
          return json({ detail: [{ loc: ['body', field], msg: same, type: 'value_error' }] }, 422);
        }
        return json(result ?? next);
      },
  ),
  /**
   * GET /admin/settings/email-preview?event&language: rendered by the server's own templates
   * with its sample order, for the shop of `base` (its legal name).
   */
  emailPreview: endpoint(
    'get',
    '/admin/settings/email-preview',
    (base: ShopSettings = shopSettings) =>
      ({ url }) => {
        const event = url.searchParams.get('event') as OrderEmailEvent;
        const language = url.searchParams.get('language') as EmailLanguage;
        const rendered = previewOrderEmail(event, language, base.legal_name ?? 'Store');
        return json({ event, language, ...rendered } satisfies OrderEmailPreview);
      },
  ),
  /** GET /admin/settings/shop/changes (skip/limit, X-Total-Count), newest first */
  changes: crud.pagedListOf<ShopSettingsChange>(
    '/admin/settings/shop/changes',
    shopSettingsChanges,
  ),
};
