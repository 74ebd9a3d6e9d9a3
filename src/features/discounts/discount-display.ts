import type { Discount, DiscountStatus } from '@generated/model';
import { formatCount, formatMoney, formatShopDay } from '@/lib/format';
import { t } from './messages';

/** "10 %", "5.000 TND", "Free shipping". */
export function valueText(d: Pick<Discount, 'kind' | 'percent' | 'amount'>): string {
  if (d.kind === 'percent') return t('percentValue', { value: formatCount(Number(d.percent)) });
  if (d.kind === 'fixed_amount') return formatMoney(d.amount);
  return t('freeShipping');
}

/** "Whole order", "2 products", "1 category". */
export function scopeText(d: Pick<Discount, 'scope' | 'product_ids' | 'category_ids'>): string {
  if (d.scope === 'products') {
    const count = d.product_ids.length;
    return t('scopeProducts', { count, n: formatCount(count) });
  }
  if (d.scope === 'categories') {
    const count = d.category_ids.length;
    return t('scopeCategories', { count, n: formatCount(count) });
  }
  return t('scopeOrder');
}

/** "From 150.000 TND" under the scope, when a minimum subtotal is set. */
export function minimumText(d: Pick<Discount, 'minimum_subtotal'>): string | null {
  return d.minimum_subtotal === null
    ? null
    : t('minimumNote', { amount: formatMoney(d.minimum_subtotal) });
}

/** "Always", "From 01 Jan 2026", "Until 31 Dec 2026", "18 Feb 2026 – 19 Mar 2026". */
export function periodText(d: Pick<Discount, 'starts_on' | 'ends_on'>): string {
  const start = d.starts_on && formatShopDay(d.starts_on);
  const end = d.ends_on && formatShopDay(d.ends_on);
  if (start && end) return t('periodBetween', { start, end });
  if (start) return t('periodFrom', { start });
  if (end) return t('periodUntil', { end });
  return t('periodAlways');
}

/** "3 / 100", or "42" without a limit. */
export function usageText(d: Pick<Discount, 'usage_count' | 'usage_limit'>): string {
  const used = formatCount(d.usage_count);
  return d.usage_limit === null
    ? used
    : t('usageOfLimit', { used, limit: formatCount(d.usage_limit) });
}

const STATUS_KEYS = {
  active: 'status.active',
  scheduled: 'status.scheduled',
  expired: 'status.expired',
  used_up: 'status.used_up',
  inactive: 'status.inactive',
} as const satisfies Record<DiscountStatus, Parameters<typeof t>[0]>;

export const statusLabel = (status: DiscountStatus) => t(STATUS_KEYS[status]);

/** The badge's colour of each status: green in use, blue to come, grey or orange out of use. */
export const STATUS_PALETTES: Record<DiscountStatus, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'orange',
  used_up: 'purple',
  inactive: 'gray',
};
