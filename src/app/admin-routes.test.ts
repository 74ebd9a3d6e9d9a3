import { expect, it } from 'vitest';
import { ADMIN_NAV, REPORTS_NAV } from '@/components/layout/nav-items';
import { paths } from '@/lib/paths';
import { ADMIN_ROUTES } from './admin-routes';

const routeOf = (path: string) => ADMIN_ROUTES.find((route) => route.path === path);

it('gives each menu entry the permission of the route it opens', () => {
  for (const item of [...ADMIN_NAV, ...REPORTS_NAV]) {
    expect(routeOf(item.href), item.href).toBeDefined();
    expect(item.permission, item.href).toBe(routeOf(item.href)?.permission);
  }
});

it('asks each screen for the permission of the call that loads it', () => {
  expect(Object.fromEntries(ADMIN_ROUTES.map((r) => [r.path, r.permission ?? null]))).toEqual({
    [paths.admin.dashboard]: null, // every role: the figures need orders:read, asked by the screen
    [paths.products.list]: 'catalogue:read',
    [paths.products.create]: 'products:write',
    [paths.products.editPattern]: 'products:write',
    [paths.orders.list]: 'orders:read',
    [paths.orders.detailPattern]: 'orders:read',
    [paths.orders.create]: 'orders:write', // a staff order is a draft: createDraftOrder
    [paths.orders.drafts]: 'orders:write', // listDraftOrders
    [paths.orders.draftPattern]: 'orders:write', // getDraftOrder
    [paths.orders.remittances]: 'orders:read', // listRemittances
    [paths.customers.list]: 'orders:read',
    [paths.customers.detailPattern]: 'orders:read', // getAdminCustomer; edits ask customers:write
    [paths.discounts.list]: 'orders:read', // listDiscounts; changes ask discounts:write
    [paths.shipping.list]: 'settings:read', // listShippingZones/Methods; changes ask settings:write
    [paths.inventory.ledger]: 'catalogue:read',
    [paths.categories.list]: 'catalogue:read',
    [paths.vatRates.list]: 'catalogue:read',
    [paths.reports.vatReturn]: 'reports:read', // getVatReturn and its CSV/PDF
    [paths.reports.salesRegister]: 'reports:read', // getSalesRegister and its CSV/PDF
    [paths.reports.withholding]: 'reports:read', // getWithholdingReport and its CSV
    [paths.reports.sales]: 'analytics:read', // getSalesReport, getSalesBreakdown, their CSVs
    [paths.reports.products]: 'analytics:read', // getTopProducts, getSlowMovers, getLowStockReport
    [paths.reports.returns]: 'analytics:read', // getReturnsReport and its CSV
    [paths.reports.stock]: 'analytics:read', // getStockValuation and its CSV
    [paths.users.list]: 'users:read',
    [paths.auditLog]: 'audit:read',
    [paths.jobs]: 'jobs:read',
    [paths.apiTokens]: 'api_tokens:manage', // listApiTokens, createApiToken, revokeApiToken
    [paths.webhooks.list]: 'webhooks:manage', // listWebhookEndpoints, create/update/delete
    [paths.webhooks.detailPattern]: 'webhooks:manage', // getWebhookEndpoint, listWebhookDeliveries
    [paths.settings]: 'settings:read',
    [paths.account]: null, // every role: one's own account
    [paths.twoFactorSetup]: null, // every role the shop requires a second factor of
  });
});
