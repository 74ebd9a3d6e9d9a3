// The signed-in customer's profile and the VAT number check (customer tokens only); the admin's
// customers overview (orders:read).
import type { AppContext } from '../context';
import type { VatNumberChecker } from '../domain/vat-number';
import { vatNumberCheckerFor } from '../services/vat-numbers';
import { requireCustomer } from '../http/access';
import type { ListCache } from '../http/list-cache';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  presentCustomer,
  requireActiveCustomer,
  updateCustomerProfile,
} from '../services/customers';
import { listCustomerOverview } from '../services/customer-overview';

export function customersHandlers(
  ctx: AppContext,
  lists: ListCache,
  vatChecker: VatNumberChecker = vatNumberCheckerFor(ctx.config),
): Handlers {
  return {
    getCustomerProfile: async (request) =>
      presentCustomer(await requireActiveCustomer(ctx.db, requireCustomer(request))),

    updateCustomerProfile: async (request) =>
      presentCustomer(await updateCustomerProfile(ctx, requireCustomer(request), request.body)),

    validateVatNumber: async (request) => {
      await requireActiveCustomer(ctx.db, requireCustomer(request));
      const { vat_number, country_code } = request.body;
      const result = await vatChecker.check(vat_number, country_code);
      return {
        valid: result.valid,
        vat_number: result.normalised,
        country_code: result.country_code,
        check: result.check,
        is_eu: result.is_eu,
        reverse_charge_eligible:
          result.valid && result.is_eu && result.country_code !== ctx.config.shopCountry,
        message: result.message,
      };
    },

    listAdminCustomers: lists.page('listAdminCustomers', ['orders'], async (request) =>
      listCustomerOverview(ctx.db, withDefaults(request.query, 'skip', 'limit', 'sort')),
    ),
  };
}
