import { Fragment, type ReactNode } from 'react';
import { useGetShopSettings } from '@generated/hooks/settings/settings';
import { getShopTimeZone, setShopTimeZone } from '@/lib/format';

/**
 * Dates follow the shop's time zone setting (docs/product.md §10.17): the settings are loaded once
 * after sign-in (every role may read them; the settings screen shares the request). Until they
 * come, and should they fail, times show in the default zone; when the setting differs, the
 * screens below are drawn again so every date already shown follows it.
 */
export function ShopTimeZone({ children }: { children: ReactNode }) {
  const { data } = useGetShopSettings({
    swr: { revalidateOnFocus: false, revalidateOnReconnect: false },
  });
  // Set while rendering (idempotent), so the children format with it in this very render.
  if (data) setShopTimeZone(data.time_zone);
  return <Fragment key={getShopTimeZone()}>{children}</Fragment>;
}
