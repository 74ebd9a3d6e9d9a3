// The signed-in customer's profile and the VAT number check (customer tokens only); the admin's
// customers overview and a customer's detail (orders:read), edit (customers:write), export and
// erase (customers:personal_data).
import type { AppContext } from '../context';
import type { VatNumberChecker } from '../domain/vat-number';
import { validateVatForCustomer, vatNumberCheckerFor } from '../services/billing/vat-numbers';
import { requireAdmin, requireCustomer } from '../http/access';
import { sendCsv } from '../http/csv';
import type { ListCache } from '../http/list-cache';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import { getCustomerProfile, updateCustomerProfile } from '../services/orders/customers';
import { listCustomerOverview } from '../services/orders/customer-overview';
import { getAdminCustomer, updateAdminCustomer } from '../services/orders/customer-records';
import { eraseAdminCustomer, exportAdminCustomer } from '../services/orders/customer-personal-data';

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

    listAdminCustomers: lists.page('listAdminCustomers', ['orders', 'customers'], async (request) =>
      listCustomerOverview(ctx.db, withDefaults(request.query, 'skip', 'limit', 'sort')),
    ),

    getAdminCustomer: (request) => getAdminCustomer(ctx.db, request.params.key),

    updateAdminCustomer: (request) =>
      updateAdminCustomer(ctx, request.params.key, request.body, requireAdmin(request)),

    exportAdminCustomer: async (request, reply) => {
      const file = await exportAdminCustomer(
        ctx,
        request.params.key,
        request.query.format ?? 'json',
        requireAdmin(request),
      );
      if (file.format === 'csv') return sendCsv(reply, file.download);
      return reply
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },

    eraseAdminCustomer: (request) =>
      eraseAdminCustomer(ctx, request.params.key, request.body, requireAdmin(request)),
  };
}
