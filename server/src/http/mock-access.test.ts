// Who may call what, proven the same in the mocks and the server: every admin operation of the
// contract x every caller (each admin role, a customer, nobody) is sent to the real app
// (app.inject) and to the MSW mock API the stories run against (mocks/node.ts, through fetch),
// on both databases. Both must refuse (401/403, same status, same detail) or both let it
// through, and as the role matrix says (server/src/domain/roles.ts); let through, both must
// answer alike too (status, and the detail of a 4xx): most REQUESTS name an id no row has, so
// this proves the mocks' 404s, and their 409/415/422 for what a fresh shop refuses. The table is
// built from the contract: a new operation is a new row, and fails until REQUESTS says how to
// call it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import document from '../../../generated/openapi.json';
import { contract, contractViolations } from '../../../mocks/contract';
import { resetMockState } from '../../../mocks/handlers';
import { mockAdminToken, mockCustomerToken } from '../../../mocks/handlers/access';
import { server as mockServer } from '../../../mocks/node';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import { insertCustomer } from '../../test-support/fixtures';
import { can, ROLES, type AdminRole } from '../domain/roles';
import { readOperationAccess } from './operations';

type Caller = AdminRole | 'customer' | 'nobody';
const CALLERS: readonly Caller[] = [...ROLES, 'customer', 'nobody'];

interface Request {
  /** Path parameters; an integer one not given is an id no row has (a write changes nothing). */
  params?: Record<string, string>;
  query?: string;
  /** A JSON body. */
  body?: unknown;
  /** A JSON body of each caller, for a create whose name must be new for each. */
  bodyOf?: (caller: Caller) => unknown;
  /** A multipart body with one file in this field. */
  file?: string;
}

const MISSING = '999999';
const money = '12.500';
const variant = { sku: 'ROLE-PROBE-1', variant_title: 'Probe', price: money, cost_price: money };
/** The shipping address of the staff order probes. */
const PROBE_ADDRESS = {
  first_name: 'Probe',
  last_name: 'Probe',
  street_address: '1 Rue Probe',
  city: 'Tunis',
  postal_code: '1000',
  country: 'TN',
  phone: '+216 71 000 000',
  email: 'probe@example.com',
};

/**
 * A valid request of each admin operation, so a caller allowed in is answered for what it sent
 * (mostly 404: an id no row has) and never refused for another reason. Writes that create rows
 * create ones nothing else here reads.
 */
const REQUESTS: Record<string, Request> = {
  // The signed-in admin's own account: every role.
  getAdminMe: {},
  changeMyPassword: {
    body: { current_password: 'not-my-password', new_password: 'long-enough-1' },
  },
  listMySessions: {},
  // API tokens (#31).
  listApiTokens: {},
  createApiToken: { body: { name: 'Probe', scopes: ['orders:read'] } },
  revokeApiToken: {},
  // Webhooks (#31): a public address given as such (no DNS lookup); ids no row has otherwise.
  listWebhookEndpoints: {},
  createWebhookEndpoint: {
    body: { url: 'https://93.184.215.14/probe', events: ['order.created'] },
  },
  getWebhookEndpoint: {},
  updateWebhookEndpoint: { body: { enabled: false } },
  deleteWebhookEndpoint: {},
  rotateWebhookSecret: {},
  listWebhookDeliveries: {},
  resendWebhookDelivery: {},
  endMySession: { params: { id: 'no-such-session' } },
  startTotpEnrolment: {},
  disableTotp: { body: { password: 'not-my-password' } },
  confirmTotpEnrolment: { body: { otp: '000000' } },
  regenerateRecoveryCodes: { body: { password: 'not-my-password' } },
  listMyPasskeys: {},
  registerPasskey: {
    body: { name: 'Key', response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
  },
  startPasskeyRegistration: {},
  renamePasskey: { body: { name: 'Key' } },
  deletePasskey: {},
  // Catalogue.
  listAdminProducts: {},
  createProduct: {
    body: {
      name: 'Role probe',
      slug: 'role-probe',
      description: 'Probe',
      category_id: Number(MISSING),
      base_price: money,
      vat_rate_id: Number(MISSING),
    },
  },
  getProduct: {},
  updateProduct: { body: { name: 'Role probe' } },
  deleteProduct: {},
  createCategory: {
    bodyOf: (caller: Caller) => ({
      name: 'Role probe',
      slug: `role-probe-${caller.replaceAll('_', '-')}`,
    }),
  },
  updateCategory: { body: { name: 'Role probe' } },
  deleteCategory: {},
  forceDeleteCategory: {},
  listAdminCategories: {},
  listVatRates: {},
  createVatRate: {
    body: {
      name: 'Role probe',
      rate: 7,
      country_code: 'TN',
      effective_from: '2020-01-01T00:00:00Z',
    },
  },
  getVatRate: {},
  updateVatRate: { body: { name: 'Role probe' } },
  deleteVatRate: {},
  // Discounts (#29): an automatic promotion (no code to collide with another role's), ids no
  // discount has.
  listDiscounts: {},
  createDiscount: { body: { name: 'Role probe', kind: 'free_shipping', scope: 'order' } },
  getDiscount: {},
  updateDiscount: { body: { name: 'Role probe' } },
  deleteDiscount: {},
  // Shipping (#36): a zone named after its caller, a method for a zone no row is (409 on both
  // sides), ids no zone or method has.
  listShippingZones: {},
  createShippingZone: { bodyOf: (caller) => ({ name: `Role probe ${caller}`, countries: ['TN'] }) },
  getShippingZone: {},
  updateShippingZone: { body: { name: 'Role probe' } },
  deleteShippingZone: {},
  listShippingMethods: {},
  createShippingMethod: {
    body: {
      name: { en: 'Role probe', fr: 'Sonde', ar: 'مسبار' },
      zone_ids: [Number(MISSING)],
      rate_kind: 'flat',
      flat_price: money,
    },
  },
  getShippingMethod: {},
  updateShippingMethod: { body: { carrier: 'Role probe' } },
  deleteShippingMethod: {},
  listVariants: {},
  getInventoryStatus: {},
  bulkCreateVariants: { query: `product_id=${MISSING}`, body: [variant] },
  bulkUpdateVariants: { body: [{ id: Number(MISSING), price: money }] },
  bulkDeleteVariants: { body: { ids: [Number(MISSING)] } },
  bulkUpdateInventory: { body: [{ id: Number(MISSING), stock_quantity: 1 }] },
  getVariant: {},
  updateVariant: { body: { price: money } },
  deleteVariant: {},
  createVariant: { params: { productId: MISSING }, body: variant },
  duplicateVariant: { body: {} },
  updateVariantInventory: { body: { stock_quantity: 1 } },
  adjustVariantStock: { body: { adjustment: 1 } },
  bulkEditProducts: {
    body: { ids: [Number(MISSING)], action: { type: 'set_price', price: money } },
  },
  bulkEditVariants: {
    body: { ids: [Number(MISSING)], action: { type: 'set_price', price: money } },
  },
  listStockMovements: {},
  listStockMovementAdmins: {},
  exportStockMovements: {},
  exportProducts: {},
  importProducts: { file: 'file' },
  getProductImportTemplate: {},
  uploadImage: { file: 'file' },
  uploadImages: { file: 'files' },
  uploadVideo: { file: 'file' },
  uploadVideos: { file: 'files' },
  deleteFiles: { body: { keys: ['no-such-file.jpg'] } },
  getPresignedUrl: { params: { key: 'no-such-file.jpg' } },
  // Orders.
  listAdminOrders: {},
  getAdminOrder: {},
  updateOrderStatus: { body: { status: 'confirmed' } },
  cancelOrder: { body: {} },
  confirmOrderVatNumber: {},
  getOrderTimeline: {},
  addOrderNote: { body: { note: 'Probe' } },
  setOrderShipment: { body: { carrier: 'Rapid-Poste', tracking_number: 'RR1TN' } },
  listOrderInvoices: {},
  issueInvoice: {},
  getPackingSlipPdf: {},
  getInvoice: {},
  getInvoicePdf: {},
  getInvoiceTeif: {},
  submitInvoiceTeif: {},
  exportOrders: {},
  // Staff orders (#28): the draft no row has (404); a new draft naming both a customer and a
  // guest (422, nothing saved).
  listDraftOrders: {},
  getDraftOrder: {},
  createDraftOrder: {
    body: {
      customer_id: 1,
      guest: { name: 'Probe', phone: '+216 71 000 000' },
      shipping_address: PROBE_ADDRESS,
      payment_method: 'cash_on_delivery',
      lines: [],
    },
  },
  updateDraftOrder: {
    body: {
      guest: { name: 'Probe', phone: '+216 71 000 000' },
      shipping_address: PROBE_ADDRESS,
      payment_method: 'cash_on_delivery',
      lines: [],
    },
  },
  deleteDraftOrder: {},
  completeDraftOrder: {},
  // Returns and edits (#28): the order no row has (404).
  listOrderReturns: {},
  createOrderReturn: {
    body: { reason: 'Probe', lines: [{ order_item_id: 1, quantity: 1, restock: true }] },
  },
  editOrder: { body: { shipping_amount: '1.000' } },
  // Bulk actions (#28): an order no row has (200, listed as refused).
  bulkUpdateOrderStatus: { body: { order_ids: [999_999], status: 'confirmed' } },
  // The one-PDF print (#28): an order no row has (404, named).
  printOrderDocuments: { body: { order_ids: [999_999], kind: 'invoice' } },
  // Payments (#28): the order no row has (404); a remittance of an unknown order (422 refused).
  listOrderPayments: {},
  createOrderPayment: { body: { amount: money, method: 'cash', received_on: '2025-01-01' } },
  removeOrderPayment: {},
  listRemittances: {},
  createRemittance: {
    body: {
      carrier: 'Probe',
      received_on: '2025-01-01',
      lines: [{ order_number: 'ORD-20250101-9999', amount: money }],
    },
  },
  importRemittance: { file: 'file', query: 'carrier=Probe&received_on=2025-01-01' },
  getDashboardStats: {},
  // The dashboard over a period (#35): a custom period without its days (422 whoever may read).
  getDashboardSummary: { query: 'period=custom' },
  getRecentActivity: {},
  listAdminCustomers: {},
  // Customers as people (#29): a key no person has (404).
  getAdminCustomer: { params: { key: 'a999999' } },
  updateAdminCustomer: { params: { key: 'a999999' }, body: { notes: 'Probe' } },
  exportAdminCustomer: { params: { key: 'a999999' }, query: 'format=json' },
  eraseAdminCustomer: { params: { key: 'a999999' }, body: { confirm_email: 'probe@example.com' } },
  // The shop.
  getShopSettings: {},
  // Two equal prefixes: refused (422) whoever may write, so the settings stay as they are.
  updateShopSettings: { body: { invoice_prefix: 'SAME', credit_note_prefix: 'SAME' } },
  listShopSettingsChanges: {},
  getOrderEmailPreview: { query: 'event=shipped&language=fr' },
  listAuditLog: {},
  listJobs: {},
  retryJob: {},
  listBackups: {},
  createBackup: {},
  downloadBackup: { params: { name: 'shop-20200101T000000Z.tar.gz' } },
  listUsers: {},
  createUser: {
    bodyOf: (caller: Caller) => ({
      username: `role-probe-${caller}`,
      email: `role-probe-${caller}@example.com`,
      full_name: 'Role probe',
      password: 'long-enough-1',
    }),
  },
  getUser: {},
  updateUser: { body: { full_name: 'Role probe' } },
  deleteUser: {},
  resetUserTwoFactor: {},
  // Reports (#30): a month not started and a period the wrong way round, refused (422) whoever
  // may read the books, so the mocks' refusals are proved whatever their data.
  getVatReturn: { query: 'month=2999-01' },
  exportVatReturnCsv: { query: 'month=2999-01&separator=semicolon' },
  getVatReturnPdf: { query: 'month=2999-01&lang=en' },
  getSalesRegister: { query: 'from=2026-11-02&to=2026-11-01' },
  exportSalesRegisterCsv: { query: 'from=2025-01-01&to=2026-01-02' },
  getSalesRegisterPdf: { query: 'from=2026-11-02&to=2026-11-01' },
  getWithholdingReport: { query: 'month=2999-01' },
  exportWithholdingCsv: { query: 'month=2999-01' },
  // Analytics, sales (#35): periods ending in the future, the wrong way round and too long (422
  // with the same detail whoever may read them); one answered from the fixtures (200).
  getSalesReport: { query: 'from=2026-11-01&to=2999-01-01&interval=month' },
  exportSalesReportCsv: { query: 'from=2026-11-02&to=2026-11-01&separator=semicolon' },
  getSalesBreakdown: { query: 'from=2025-01-01&to=2026-01-02' },
  exportSalesBreakdownCsv: { query: 'from=2026-11-02&to=2026-11-01' },
  getTopProducts: { query: 'from=2026-11-01&to=2026-11-01&limit=3' },
  exportTopProductsCsv: { query: 'from=2026-11-01&to=2999-01-01&limit=3' },
  // Analytics (#35): returns over a period ending in the future and the wrong way round (422
  // whoever may read them); the stock reports answered from the fixtures.
  getReturnsReport: { query: 'from=2026-11-01&to=2999-01-01&interval=week' },
  exportReturnsReportCsv: { query: 'from=2026-11-02&to=2026-11-01&separator=semicolon' },
  getStockValuation: {},
  exportStockValuationCsv: { query: 'separator=semicolon' },
  getSlowMovers: { query: 'days=30&limit=5' },
  exportSlowMoversCsv: { query: 'days=30&limit=5' },
  getLowStockReport: { query: 'limit=5' },
  exportLowStockReportCsv: { query: 'limit=5' },
};

const access = readOperationAccess(document);
const ADMIN_OPERATIONS = contract.operations
  .filter((op) => access.get(op.operationId)?.userType === 'admin')
  .sort((a, b) => a.operationId.localeCompare(b.operationId));

/** Whether the server's rules let this caller in (what both sides must agree with). */
function allowed(operationId: string, caller: Caller): boolean {
  if (caller === 'nobody' || caller === 'customer') return false;
  const permission = access.get(operationId)?.permission;
  return permission === undefined || can(caller, permission);
}

const BOUNDARY = 'mockaccessboundary';
const multipart = (field: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="probe.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\nnot an image\r\n--${BOUNDARY}--\r\n`;

interface Sent {
  method: string;
  url: string;
  contentType?: string;
  payload?: string;
}

function requestOf(operationId: string, caller: Caller): Sent {
  const op = contract.operation(operationId)!;
  const recipe = REQUESTS[operationId]!;
  const body = recipe.bodyOf ? recipe.bodyOf(caller) : recipe.body;
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(recipe.params?.[name] ?? MISSING),
  );
  const url = recipe.query ? `${path}?${recipe.query}` : path;
  if (recipe.file)
    return {
      method: op.method,
      url,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipart(recipe.file),
    };
  if (body !== undefined)
    return {
      method: op.method,
      url,
      contentType: 'application/json',
      payload: JSON.stringify(body),
    };
  return { method: op.method, url };
}

const TABLE = ADMIN_OPERATIONS.flatMap((op) =>
  CALLERS.map((caller) => ({ operationId: op.operationId, caller })),
);

/**
 * What matters of an answer: refused (and how), or let through and what it answered: the status
 * and, for a refusal of the input (a 404 on an id no row has, a 409, 415 or 422), its detail.
 */
const outcome = (status: number, body: unknown) => {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (status === 401 || status === 403) return { refused: status, detail };
  return { through: true, status, ...(status >= 400 ? { detail } : {}) };
};

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

it('has a request for every admin operation of the contract, and none for another', () => {
  expect(ADMIN_OPERATIONS.length).toBeGreaterThan(80);
  expect(Object.keys(REQUESTS).sort()).toEqual(ADMIN_OPERATIONS.map((op) => op.operationId));
});

describe.each(testDialects)('the mocks let in whom the server lets in (%s)', (dialect) => {
  let t: TestApp;
  const serverAuth = new Map<Caller, Record<string, string>>();
  const mockAuth = new Map<Caller, Record<string, string>>();

  // The super admin's "Back up now" writes one, under a directory of this test's.
  const dataDir = mkdtempSync(join(tmpdir(), 'mock-access-'));

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { dataDir } });
    for (const role of ROLES) {
      serverAuth.set(role, await t.authAs(role));
      mockAuth.set(role, { authorization: `Bearer ${mockAdminToken(role)}` });
    }
    const customer = await insertCustomer(t.database.db);
    serverAuth.set('customer', await t.customerAuth(customer.id));
    mockAuth.set('customer', { authorization: `Bearer ${mockCustomerToken}` });
    serverAuth.set('nobody', {});
    mockAuth.set('nobody', {});
    resetMockState(); // as fresh as this block's server
    mockServer.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(async () => {
    mockServer.close();
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(TABLE)('$operationId as $caller', async ({ operationId, caller }) => {
    const { method, url, contentType, payload } = requestOf(operationId, caller);
    const type: Record<string, string> = contentType ? { 'content-type': contentType } : {};

    const real = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...serverAuth.get(caller), ...type },
      ...(payload === undefined ? {} : { payload }),
    });
    contractViolations.take();
    const mocked = await fetch(`http://localhost${url}`, {
      method,
      headers: { ...mockAuth.get(caller), ...type },
      ...(payload === undefined ? {} : { body: payload }),
    });
    const mockedBody = parse(await mocked.text());

    const server = outcome(real.statusCode, parse(real.body));
    const mocks = outcome(mocked.status, mockedBody);
    const answers = `server ${real.statusCode} ${real.body.slice(0, 200)}; mocks ${mocked.status}`;
    expect(mocks, answers).toEqual(server);
    expect('through' in server, answers).toBe(allowed(operationId, caller));
    // The request was valid and the mock's answer is the contract's.
    expect(contractViolations.take()).toEqual([]);
  });

  // A silent refresh keeps the session's user, so its role: after one, an admin is let in (or
  // refused) as before, by the server and by the mocks (the stories' refresh tokens start with
  // their access token, .storybook/session.ts).
  it.each(ROLES)('a refreshed session of a %s keeps its role', async (role) => {
    const { username, password } = await t.createAdmin({ role });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { username, password },
    });
    const real = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/auth/refresh?refresh_token=${encodeURIComponent(
        login.json<{ refresh_token: string }>().refresh_token,
      )}`,
    });
    const mocked = await fetch(
      `http://localhost/api/v1/admin/auth/refresh?refresh_token=${encodeURIComponent(
        `${mockAdminToken(role)}-refresh-0123456789`,
      )}`,
      { method: 'POST' },
    );
    expect(real.statusCode).toBe(200);
    expect(mocked.status).toBe(200);
    const bearer = (tokens: { access_token: string }) => ({
      authorization: `Bearer ${tokens.access_token}`,
    });
    // listUsers: the super admin's alone (users:read).
    const server = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/users/',
      headers: bearer(real.json()),
    });
    const mocks = await fetch('http://localhost/api/v1/admin/users/', {
      headers: bearer((await mocked.json()) as { access_token: string }),
    });
    expect(outcome(mocks.status, parse(await mocks.text()))).toEqual(
      outcome(server.statusCode, parse(server.body)),
    );
    expect(server.statusCode === 200).toBe(allowed('listUsers', role));
    expect(contractViolations.take()).toEqual([]);
  });
});
