import type { AppContext } from '../context';
import { createListCache } from '../http/list-cache';
import type { Handlers } from '../http/types';
import { addressesHandlers } from './addresses';
import { authHandlers } from './auth';
import { cartHandlers } from './cart';
import { categoriesHandlers } from './categories';
import { customersHandlers } from './customers';
import { ordersHandlers } from './orders';
import { productsHandlers } from './products';
import { uploadsHandlers } from './uploads';
import { usersHandlers } from './users';
import { variantsHandlers } from './variants';
import { vatRatesHandlers } from './vat-rates';

/** Every operation's handler, by operationId; one module per tag of the contract. */
export function createHandlers(ctx: AppContext): Handlers {
  const lists = createListCache(ctx);
  return {
    ...authHandlers(ctx),
    ...usersHandlers(ctx),
    ...vatRatesHandlers(ctx, lists),
    ...categoriesHandlers(ctx, lists),
    ...productsHandlers(ctx, lists),
    ...variantsHandlers(ctx, lists),
    ...uploadsHandlers(ctx),
    ...customersHandlers(ctx, lists),
    ...addressesHandlers(ctx),
    ...cartHandlers(ctx),
    ...ordersHandlers(ctx, lists),
  };
}
