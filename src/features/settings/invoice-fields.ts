import type { ShopSettingsMissingForInvoicesItem } from '@generated/model';
import { activeLocale, INTL_TAGS } from '@/lib/i18n';
import { t } from './messages';

const LABEL_KEYS = {
  legal_name: 'legalName',
  address: 'address',
  matricule_fiscal: 'matriculeFiscal',
} as const satisfies Record<ShopSettingsMissingForInvoicesItem, string>;

/**
 * The settings an invoice still needs (the contract's missing_for_invoices) named as the
 * Settings screen labels them, as a list in the active language: "Legal name and Address".
 */
export function missingFieldsInWords(
  fields: readonly ShopSettingsMissingForInvoicesItem[],
): string {
  const list = new Intl.ListFormat(INTL_TAGS[activeLocale()], { type: 'conjunction' });
  return list.format(fields.map((field) => t(LABEL_KEYS[field])));
}
