import {
  getListShippingMethodsKey,
  getListShippingZonesKey,
} from '@generated/hooks/shipping/shipping';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the shipping screen's two first requests (the route table, while its code loads). */
export const preloadShipping = () => {
  preloadFirstPage(getListShippingZonesKey, {});
  preloadFirstPage(getListShippingMethodsKey, {});
};
