/**
 * MSW handler factories, one namespace per API tag. Each operation is a factory:
 *
 *   products.list(fixtures.products)    success with this data (no argument: the fixtures)
 *   products.list.error(500, 'Boom')    answers {detail: 'Boom'} with that status
 *   products.list.loading()             never answers
 *   products.list.networkError()        the connection fails
 *   products.list.delayed(800, data)    success after 800 ms
 *   products.list.reply(({ url, params, body }) => Response)   anything else
 *
 * Every request answered is recorded (see ../recorder.ts).
 */
import { account } from './account';
import { analyticsStock } from './analytics-stock';
import { analyticsSales } from './analytics-sales';
import { sessions } from './account-sessions';
import { apiTokens } from './api-tokens';
import { webhooks } from './webhooks';
import { audit } from './audit';
import { auth } from './auth';
import { backups } from './backups';
import { bulk } from './bulk';
import { categories } from './categories';
import { customers } from './customers';
import { dashboard } from './dashboard';
import { discounts } from './discounts';
import { draftOrders } from './draft-orders';
import { csvExports } from './exports';
import { imports } from './imports';
import { invoices } from './invoices';
import { jobs } from './jobs';
import { media, uploads } from './uploads';
import { orders } from './orders';
import { orderEdits, orderReturns } from './order-returns';
import { orderBulk } from './order-bulk';
import { passkeys, resetPasskeyState } from './passkeys';
import { payments } from './payments';
import { products } from './products';
import { reports } from './reports';
import { settings } from './settings';
import { shippingMethods, shippingZones } from './shipping';
import { stockHistory } from './stock-movements';
import { resetTwoFactorState, twoFactor } from './two-factor';
import { users } from './users';
import { variants } from './variants';
import { vatRates } from './vat-rates';

export { API } from './endpoint';
export {
  account,
  analyticsSales,
  analyticsStock,
  audit,
  auth,
  backups,
  bulk,
  categories,
  csvExports,
  customers,
  dashboard,
  discounts,
  draftOrders,
  imports,
  invoices,
  jobs,
  media,
  orderEdits,
  orderReturns,
  orderBulk,
  orders,
  passkeys,
  payments,
  products,
  reports,
  sessions,
  apiTokens,
  webhooks,
  settings,
  shippingMethods,
  shippingZones,
  stockHistory,
  twoFactor,
  uploads,
  users,
  variants,
  vatRates,
};

/**
 * Forgets what earlier requests left in the mocks' state (a TOTP setting up started, passkey
 * challenges handed out), as a fresh server: each story starts from it, and each server test.
 */
export function resetMockState(): void {
  resetTwoFactorState();
  resetPasskeyState();
}

/**
 * A working API over the fixtures, for `npm run dev:mock`, Vitest (mocks/node.ts) and as the
 * lowest-priority handlers of every story (a story's own handlers win).
 */
export const defaultHandlers = [
  auth.login(),
  auth.me(),
  auth.refresh(),
  auth.logout(),
  auth.customerLogout(),
  auth.verifyMagicLink(),
  account.changePassword(),
  sessions.list(),
  sessions.end(),
  apiTokens.list(),
  apiTokens.create(),
  apiTokens.revoke(),
  webhooks.list(),
  webhooks.get(),
  webhooks.create(),
  webhooks.update(),
  webhooks.remove(),
  webhooks.rotateSecret(),
  webhooks.deliveries(),
  webhooks.resend(),
  twoFactor.startTotp(),
  twoFactor.confirmTotp(),
  twoFactor.disableTotp(),
  twoFactor.regenerateCodes(),
  twoFactor.resetUser(),
  passkeys.list(),
  passkeys.options(),
  passkeys.register(),
  passkeys.rename(),
  passkeys.delete(),
  products.list(),
  products.get(),
  products.create(),
  products.update(),
  products.delete(),
  bulk.products(),
  bulk.variants(),
  categories.list(),
  categories.adminList(),
  categories.get(),
  categories.create(),
  categories.update(),
  categories.forceDelete(),
  categories.delete(),
  vatRates.list(),
  vatRates.get(),
  vatRates.create(),
  vatRates.update(),
  vatRates.delete(),
  discounts.list(),
  discounts.get(),
  discounts.create(),
  discounts.update(),
  discounts.delete(),
  shippingZones.list(),
  shippingZones.get(),
  shippingZones.create(),
  shippingZones.update(),
  shippingZones.delete(),
  shippingMethods.list(),
  shippingMethods.get(),
  shippingMethods.create(),
  shippingMethods.update(),
  shippingMethods.delete(),
  users.list(),
  users.get(),
  users.create(),
  users.update(),
  users.delete(),
  // bulk and inventory/status before the /{id} ones they would otherwise resemble
  variants.bulkDelete(),
  variants.bulkCreate(),
  variants.bulkUpdate(),
  variants.bulkInventory(),
  variants.inventoryStatus(),
  variants.list(),
  variants.get(),
  variants.create(),
  variants.update(),
  variants.delete(),
  variants.duplicate(),
  variants.adjust(),
  variants.inventory(),
  uploads.image(),
  uploads.images(),
  uploads.video(),
  uploads.videos(),
  uploads.delete(),
  uploads.presigned(),
  orders.list(),
  orders.get(),
  orders.updateStatus(),
  orders.cancel(),
  orders.confirmVatNumber(),
  orders.timeline(),
  orders.addNote(),
  orders.setShipment(),
  orderEdits.edit(),
  orderReturns.list(),
  orderReturns.create(),
  orderBulk.status(),
  orderBulk.documents(),
  payments.list(),
  payments.create(),
  payments.remove(),
  payments.remittances(),
  payments.createRemittance(),
  payments.importRemittance(),
  draftOrders.list(),
  draftOrders.get(),
  draftOrders.create(),
  draftOrders.update(),
  draftOrders.delete(),
  draftOrders.complete(),
  invoices.listForOrder(),
  invoices.issue(),
  invoices.get(),
  invoices.pdf(),
  invoices.teif(),
  invoices.submitTeif(),
  invoices.packingSlip(),
  customers.list(),
  customers.get(),
  customers.update(),
  customers.export(),
  customers.erase(),
  dashboard.stats(),
  dashboard.summary(),
  dashboard.activity(),
  media.get(),
  settings.get(),
  settings.update(),
  settings.changes(),
  settings.emailPreview(),
  csvExports.orders(),
  csvExports.products(),
  stockHistory.admins(),
  stockHistory.list(),
  stockHistory.export(),
  imports.products(),
  imports.template(),
  audit.list(),
  jobs.list(),
  jobs.retry(),
  backups.list(),
  backups.create(),
  backups.download(),
  // before the JSON reports, whose paths are theirs without the extension
  reports.vatReturnCsv(),
  reports.vatReturnPdf(),
  reports.salesRegisterCsv(),
  reports.salesRegisterPdf(),
  reports.withholdingCsv(),
  reports.vatReturn(),
  reports.salesRegister(),
  reports.withholding(),
  // before the JSON reports, whose paths are theirs without the extension
  analyticsSales.salesCsv(),
  analyticsSales.salesBreakdownCsv(),
  analyticsSales.topProductsCsv(),
  analyticsSales.sales(),
  analyticsSales.salesBreakdown(),
  analyticsSales.topProducts(),
  // before the JSON reports, whose paths are theirs without the extension
  analyticsStock.returnsCsv(),
  analyticsStock.stockValuationCsv(),
  analyticsStock.slowMoversCsv(),
  analyticsStock.lowStockCsv(),
  analyticsStock.returns(),
  analyticsStock.stockValuation(),
  analyticsStock.slowMovers(),
  analyticsStock.lowStock(),
];
