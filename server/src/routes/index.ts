import type { AppContext } from '../context';
import type { DataVersions } from '../db/data-versions';
import { createListCache, type ListCache } from '../http/list-cache';
import type { Handlers } from '../http/types';
import { accountPasswordHandlers } from './account-password';
import { apiTokensHandlers } from './api-tokens';
import { webhooksHandlers } from './webhooks';
import { addressesHandlers } from './addresses';
import { auditHandlers } from './audit';
import { authHandlers } from './auth';
import { backupsHandlers } from './backups';
import { bulkHandlers } from './bulk';
import { cartHandlers } from './cart';
import { categoriesHandlers } from './categories';
import { customersHandlers } from './customers';
import { discountsHandlers } from './discounts';
import { draftOrdersHandlers } from './draft-orders';
import { exportsHandlers } from './exports';
import { importsHandlers } from './imports';
import { invoicesHandlers } from './invoices';
import { jobsHandlers } from './jobs';
import { ordersHandlers } from './orders';
import { passkeysHandlers } from './passkeys';
import { paymentsHandlers } from './payments';
import { productsHandlers } from './products';
import { reportsHandlers } from './reports';
import { salesReportsHandlers } from './sales-reports';
import { settingsHandlers } from './settings';
import { shippingHandlers } from './shipping';
import { sessionsHandlers } from './sessions';
import { stockMovementsHandlers } from './stock-movements';
import { stockReportsHandlers } from './stock-reports';
import { twoFactorHandlers } from './two-factor';
import { uploadsHandlers } from './uploads';
import { usersHandlers } from './users';
import { variantsHandlers } from './variants';
import { vatRatesHandlers } from './vat-rates';

/** One module per tag of the contract, each giving the handlers of its operations. */
const MODULES: ((ctx: AppContext, lists: ListCache) => Handlers)[] = [
  authHandlers,
  usersHandlers,
  vatRatesHandlers,
  categoriesHandlers,
  productsHandlers,
  variantsHandlers,
  (ctx) => uploadsHandlers(ctx),
  customersHandlers,
  addressesHandlers,
  cartHandlers,
  ordersHandlers,
  (ctx) => draftOrdersHandlers(ctx),
  (ctx) => paymentsHandlers(ctx),
  (ctx) => discountsHandlers(ctx),
  (ctx) => shippingHandlers(ctx),
  (ctx) => reportsHandlers(ctx),
  (ctx) => salesReportsHandlers(ctx),
  (ctx) => stockReportsHandlers(ctx),
  invoicesHandlers,
  settingsHandlers,
  exportsHandlers,
  stockMovementsHandlers,
  auditHandlers,
  importsHandlers,
  bulkHandlers,
  jobsHandlers,
  sessionsHandlers,
  accountPasswordHandlers,
  passkeysHandlers,
  twoFactorHandlers,
  backupsHandlers,
  (ctx) => apiTokensHandlers(ctx),
  (ctx) => webhooksHandlers(ctx),
];

/** Every operation's handler, by operationId. */
export function createHandlers(ctx: AppContext, versions: DataVersions): Handlers {
  const lists = createListCache(ctx, versions);
  return Object.assign({}, ...MODULES.map((module) => module(ctx, lists))) as Handlers;
}
