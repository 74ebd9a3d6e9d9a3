// The signed-in customer's profile and the VAT number check (customer tokens only); the admin's
// customers overview (orders:read).
import type { AppContext } from '../context';
import type { VatNumberChecker } from '../domain/vat-number';
import { validateVatForCustomer, vatNumberCheckerFor } from '../services/billing/vat-numbers';
import { requireCustomer } from '../http/access';
import type { ListCache } from '../http/list-cache';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { getCustomerProfile, updateCustomerProfile } from '../services/orders/customers';
import { listCustomerOverview } from '../services/orders/customer-overview';

export function customersHandlers(
  ctx: AppContext,
  lists: ListCache,
  vatChecker: VatNumberChecker = vatNumberCheckerFor(ctx),
): Handlers {
  return {
    getCustomerProfile: (request) => getCustomerProfile(ctx.db, requireCustomer(request)),

    updateCustomerProfile: (request) =>
      updateCustomerProfile(ctx, requireCustomer(request), request.body),

    validateVatNumber: (request) =>
      validateVatForCustomer(
        ctx,
        vatChecker,
        { customerId: requireCustomer(request), address: request.ip },
        request.body,
      ),

    listAdminCustomers: lists.page('listAdminCustomers', ['orders'], async (request) =>
      listCustomerOverview(ctx.db, withDefaults(request.query, 'skip', 'limit', 'sort')),
    ),
  };
}
