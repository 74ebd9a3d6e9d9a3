// The first data request of screens whose calls are fixed, started with the key their hook uses:
// SWR hands the hook the request under way (one request, not two).
import { preload } from 'swr';
import { getListApiTokensKey, listApiTokens } from '@generated/hooks/api-tokens/api-tokens';
import { getAdminMe, getGetAdminMeKey } from '@generated/hooks/auth/auth';
import {
  getListAdminCategoriesKey,
  listAdminCategories,
} from '@generated/hooks/categories/categories';
import { getGetProductKey, getProduct } from '@generated/hooks/products/products';
import { getGetShopSettingsKey, getShopSettings } from '@generated/hooks/settings/settings';
import { getListUsersKey, listUsers } from '@generated/hooks/users/users';
import { getListVatRatesKey, listVatRates } from '@generated/hooks/vatrates/vatrates';

/** The params of the route that matched (`:id`…). */
export type RouteParams = Record<string, string | undefined>;

function start(key: readonly unknown[], fetcher: () => Promise<unknown>): void {
  // The hook that takes the request sees its failure; this only keeps it from being unhandled.
  preload(key, fetcher).catch(() => undefined);
}

/** The signed-in admin (AdminGuard's useGetAdminMe). */
export const preloadAdminMe = () => start(getGetAdminMeKey(), () => getAdminMe());

export const preloadCategories = () =>
  start(getListAdminCategoriesKey(), () => listAdminCategories());

export const preloadVatRates = () => start(getListVatRatesKey(), () => listVatRates());

export const preloadUsers = () => start(getListUsersKey(), () => listUsers());

export const preloadApiTokens = () => start(getListApiTokensKey(), () => listApiTokens());

export const preloadSettings = () => start(getGetShopSettingsKey(), () => getShopSettings());

/** The product form's pickers, and on /admin/products/:id the product. */
export function preloadProductForm({ id }: RouteParams): void {
  start(getListAdminCategoriesKey(), () => listAdminCategories());
  const active = { is_active: true };
  start(getListVatRatesKey(active), () => listVatRates(active));
  if (id !== undefined && /^\d+$/.test(id)) {
    const productId = Number(id);
    start(getGetProductKey(productId), () => getProduct(productId));
  }
}
