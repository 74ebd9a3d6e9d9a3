// The mock-versus-server table (issue #34): requests that the mock API (mocks/handlers) and the
// real server, both started from the mocks' fixtures (test-support/mock-fixtures-db.ts), must
// answer alike. mock-drift.test.ts runs it on every database and fails when a list operation of
// the contract has no entry, so a new list operation (or a new sort key, filter or 409 rule) adds
// its cases here. Where an answer differs, the mock is wrong: fix mocks/handlers, not the table.
import { MOCK_PASSWORD } from '../../../../mocks/handlers/account';
import { MAX_PASSKEYS } from '../../domain/passkeys';

/** Queries of one list operation, each compared for status, ids in order and total. */
interface ListCases {
  /** The path asked; `{id}` is replaced by each of `ids` in turn. */
  path: string;
  /** For a path with `{id}`: the records asked (an unknown one too, for the 404). */
  ids?: number[];
  /** Query strings (without `?`); '' asks with none. */
  queries: string[];
  /** The key of an item when it has no `id` (default: `id`). */
  key?: string;
  /**
   * What the server is given for these queries, beyond the loaded fixtures (the mocks answer
   * their fixtures as they are): the caller's passkeys, the caller's sessions (asked with the
   * token of the one the mocks mark current), the backup files.
   */
  given?:
    | 'caller passkeys'
    | 'caller sessions'
    | 'backup files'
    | 'order timeline records'
    | 'api tokens'
    | 'webhooks';
  /**
   * Compare the whole items, not only their keys (for what the server derives or presents);
   * `but key`: every field but the key (ids the mocks make up, not the server's).
   */
  whole?: true | 'but key';
}

/** A list operation the table does not compare, and why (checked where it can be). */
interface NotCompared {
  /**
   * `no-mock`: no mock handler answers it (the test checks there is none). Every list the mocks
   * answer is compared, with what it needs beyond the fixtures as `given`.
   */
  why: 'no-mock';
  reason: string;
}

const PAGING = ['skip=1&limit=2', 'skip=2&limit=1', 'skip=100&limit=5'];

/** Every sort key of an operation, in both directions, with the first page of 2 too. */
const sorts = (keys: string[]) =>
  keys.flatMap((key) => [`sort=${key}`, `sort=-${key}`, `sort=-${key}&skip=1&limit=2`]);

/**
 * Every list operation of the contract (a GET answering an array, a page of `items`, or an
 * X-Total-Count), by operationId.
 */
export const LIST_CASES: Record<string, ListCases | NotCompared> = {
  listAdminProducts: {
    path: '/api/v1/admin/products/',
    queries: [
      '',
      'search=sac',
      'search=%20CUIR%20',
      'search=SAC-CABAS-NR',
      'search=zzz',
      'category_id=2',
      'is_active=true',
      'is_active=false',
      'stock_state=in_stock',
      'stock_state=low_stock',
      'stock_state=out_of_stock',
      'stock_state=not_tracked',
      ...sorts(['created_at', 'name', 'base_price', 'stock']),
      'search=a&is_active=true&sort=name',
      ...PAGING,
    ],
  },
  listProducts: { why: 'no-mock', reason: 'the storefront catalogue; the console never asks it' },
  listFeaturedProducts: { why: 'no-mock', reason: 'storefront only' },
  listProductVariantsBySlug: { why: 'no-mock', reason: 'storefront only' },
  listCategories: {
    path: '/api/v1/categories/',
    queries: ['', 'parent_id=1', 'parent_id=2'],
  },
  listAdminCategories: {
    path: '/api/v1/admin/categories/',
    queries: ['', 'is_active=true', 'is_active=false'],
  },
  listMyOrders: { why: 'no-mock', reason: "the storefront customer's orders" },
  listDraftOrders: {
    path: '/api/v1/admin/draft-orders/',
    queries: [
      '',
      'search=amira',
      'search=LEILA.BOUAZIZI',
      'search=98%20123',
      'search=zzz',
      ...sorts(['updated_at', 'created_at']),
      ...PAGING,
    ],
  },
  listAdminOrders: {
    path: '/api/v1/admin/orders/',
    queries: [
      '',
      'status=pending',
      'status=shipped',
      'status=refunded',
      'payment_method=cash_on_delivery',
      'payment_method=card',
      // The method frozen on the orders (#36): two orders, one, none.
      'shipping_method_id=2',
      'shipping_method_id=3',
      'shipping_method_id=999',
      'payment_status=paid',
      'payment_status=unpaid',
      'payment_status=partially_paid',
      'payment_status=overpaid',
      'payment_status=paid&sort=-total_amount',
      'vat_number_review=to_confirm',
      'customer_email=LEILA.BOUAZIZI%40gmail.com',
      'shipping_email=ines.ferchichi%40outlook.com',
      'date_from=2025-03-08T00%3A00%3A00.000Z',
      'date_to=2025-03-08T14%3A02%3A00.000Z',
      'date_from=2025-03-01T00%3A00%3A00.000Z&date_to=2025-03-10T00%3A00%3A00.000Z',
      'search=ORD-20250310',
      'search=ferchichi',
      'search=In%C3%A8s%20Ferchichi',
      'search=zzz',
      ...sorts(['created_at', 'total_amount']),
      ...PAGING,
    ],
    // Whole rows: what the server derives (payment_status, balance_due, email_language) too.
    whole: true,
  },
  listRemittances: {
    path: '/api/v1/admin/payments/remittances',
    queries: ['', 'carrier=aramex', 'carrier=%20ARAMEX%20', 'carrier=Colissimo', ...PAGING],
  },
  // Events are told apart by their fields: the mocks name them after the fixtures' items, the
  // server after its rows.
  getOrderTimeline: {
    path: '/api/v1/admin/orders/{id}/timeline',
    ids: [1, 2, 3, 4, 5, 6, 99],
    given: 'order timeline records',
    whole: 'but key',
    queries: [''],
  },
  listOrderInvoices: {
    path: '/api/v1/admin/orders/{id}/invoices',
    ids: [1, 2, 3, 4, 5, 99],
    queries: [''],
  },
  listOrderReturns: {
    path: '/api/v1/admin/orders/{id}/returns',
    ids: [1, 2, 3, 4, 5, 99],
    queries: [''],
  },
  listShopSettingsChanges: {
    path: '/api/v1/admin/settings/shop/changes',
    queries: ['', ...PAGING],
  },
  listAuditLog: {
    path: '/api/v1/admin/audit-log/',
    queries: [
      '',
      'entity=product',
      'entity=order&entity_id=2',
      'admin_user_id=2',
      'action=create',
      'action=delete',
      'date_from=2025-03-10T11%3A15%3A00.000Z',
      'date_to=2025-03-10T11%3A15%3A00.000Z',
      ...PAGING,
    ],
  },
  // The queued e-mail (job 6) is not loaded: the test app's worker would send it (isLoadedJob in
  // test-support/mock-fixtures-db.ts), so every query leaves it out by a filter.
  listJobs: {
    path: '/api/v1/admin/jobs/',
    queries: [
      'status=dead',
      'status=done',
      'status=running',
      'kind=media.sweep',
      'kind=audit.retention',
      'kind=mail.send&status=done',
      'status=done&skip=1&limit=1',
      'status=done&skip=5&limit=2',
    ],
  },
  listBackups: {
    path: '/api/v1/admin/backups/',
    key: 'name',
    given: 'backup files',
    whole: true,
    queries: [''],
  },
  listStockMovements: {
    path: '/api/v1/admin/stock-movements/',
    queries: [
      '',
      'variant_id=2',
      'product_id=1',
      'admin_user_id=2',
      'order_id=2',
      'reason=%20inventory',
      'reason=zzz',
      'date_from=2025-03-05T08%3A15%3A00.000Z',
      'date_to=2025-03-05T08%3A15%3A00.000Z',
      'variant_id=1&admin_user_id=5',
      ...PAGING,
    ],
  },
  listStockMovementAdmins: { path: '/api/v1/admin/stock-movements/admins', queries: [''] },
  listAdminCustomers: {
    path: '/api/v1/admin/customers/',
    key: 'email',
    queries: [
      '',
      'search=GMAIL',
      'search=professional',
      'search=zzz',
      ...sorts(['last_order_date', 'total_spent', 'order_count', 'email']),
      ...PAGING,
    ],
  },
  listAddresses: { why: 'no-mock', reason: "the storefront customer's addresses" },
  listUsers: { path: '/api/v1/admin/users/', queries: ['', ...PAGING] },
  listDiscounts: {
    path: '/api/v1/admin/discounts/',
    queries: [
      '',
      'search=cuir',
      'search=%20welcome%20',
      'search=Harissa',
      'search=zzz',
      // Every derived status (today in the shop's time zone; the fixtures' do not move with it).
      'status=active',
      'status=scheduled',
      'status=expired',
      'status=used_up',
      'status=inactive',
      ...sorts(['created_at', 'name', 'code', 'usage_count']),
      'search=e&status=active&sort=name',
      ...PAGING,
    ],
  },
  // Shipping (#36): few rows, matched in position order; the whole items, as method_count and
  // the stored forms (bands in thousandths) are the server's to present.
  listShippingZones: {
    path: '/api/v1/admin/shipping-zones/',
    queries: ['', ...PAGING],
    whole: true,
  },
  listShippingMethods: {
    path: '/api/v1/admin/shipping-methods/',
    queries: ['', ...PAGING],
    whole: true,
  },
  listCartShippingMethods: { why: 'no-mock', reason: 'the storefront cart' },
  listVatRates: {
    path: '/api/v1/admin/vat-rates/',
    queries: [
      '',
      'country_code=TN',
      'country_code=fr',
      'is_active=false',
      'country_code=TN&is_active=true',
    ],
  },
  listVariants: {
    path: '/api/v1/admin/variants/',
    queries: [
      '',
      'product_id=3',
      'search=sac',
      'search=6191234000011',
      // The product's name (the line picker of staff orders): "cuir" is in no SKU or title.
      'search=cuir&is_active=true&page_size=8',
      'is_active=true',
      'low_stock_only=true',
      'out_of_stock_only=true',
      'page=2&page_size=3',
      'page=9&page_size=5',
      'product_id=1&low_stock_only=true',
    ],
  },
  getInventoryStatus: {
    path: '/api/v1/admin/variants/inventory/status',
    key: 'variant_id',
    queries: [
      '',
      'product_id=1',
      'status=low_stock',
      'status=out_of_stock',
      'status=not_tracked',
      'status=in_stock',
      'page=2&page_size=3',
    ],
  },
  listApiTokens: {
    path: '/api/v1/admin/api-tokens/',
    given: 'api tokens',
    whole: true,
    queries: [''],
  },
  // Webhooks (#31): the mocks' endpoints and deliveries, given to the server as rows.
  listWebhookEndpoints: {
    path: '/api/v1/admin/webhooks/',
    given: 'webhooks',
    whole: true,
    queries: [''],
  },
  listWebhookDeliveries: {
    path: '/api/v1/admin/webhooks/{id}/deliveries',
    ids: [2, 1, 999],
    given: 'webhooks',
    whole: true,
    queries: ['', 'status=failed', 'status=pending', 'skip=1&limit=1', 'skip=5&limit=2'],
  },
  listMySessions: {
    path: '/api/v1/admin/auth/me/sessions',
    given: 'caller sessions',
    whole: true,
    queries: [''],
  },
  listMyPasskeys: {
    path: '/api/v1/admin/auth/me/passkeys',
    given: 'caller passkeys',
    whole: true,
    queries: [''],
  },
  // The fixtures' documents of 2025: every entry, the totals and the numbering checks alike.
  getSalesRegister: {
    path: '/api/v1/admin/reports/sales-register',
    whole: true,
    queries: [
      'from=2025-01-01&to=2025-12-31',
      'from=2025-01-01&to=2025-12-31&skip=1&limit=2',
      'from=2025-03-01&to=2025-03-31',
    ],
  },
  // The fixture variants and the lines of the fixture orders (#35): the whole reports alike.
  getSlowMovers: {
    path: '/api/v1/admin/reports/slow-movers',
    key: 'variant_id',
    whole: true,
    queries: ['', 'days=1', 'days=730', 'days=730&limit=2'],
  },
  getLowStockReport: {
    path: '/api/v1/admin/reports/low-stock',
    key: 'variant_id',
    whole: true,
    queries: ['', 'limit=1'],
  },
};

/**
 * A documented 409 rule, on the loaded fixtures: the request is sent to both sides, which must
 * answer 409 with the same detail. A refused write changes nothing, so cases need no cleanup.
 */
export interface ConflictCase {
  name: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /**
   * What is under way on both sides while the request is sent: a backup being written (the
   * server's own backup lock held, the mocks' shelf writing); no default VAT rate in force for
   * the shop's country (the server's rates no longer default, the mocks' drafts priced so); the
   * mocks' webhook endpoints and deliveries given to the server as rows (withWebhooks).
   */
  during?: 'a backup being written' | 'no default VAT rate in force' | 'the webhook fixtures';
  /**
   * The caller's second factors for this case, on both sides: rows of the fixtures' admin 1 on
   * the server (test-support/mock-fixtures-db.ts withAdminFactors), the same as the factory
   * arguments of the mocks' two-factor and passkey handlers. Without it, admin 1 has none.
   */
  caller?: { totp: boolean; passkeys: number; required: boolean };
  /**
   * A passkey registration ceremony before the request, as the console runs one: the server's
   * creation options for admin 1 answered by a software authenticator (test-support/webauthn.ts)
   * make the body's `response`, and the mocks hand out a challenge of their own (their
   * registration needs one). `registeredTo: 'another admin'`: the authenticator's credential is
   * registered already, a row of fixture admin 2 on the server, a credential id given to the mock.
   */
  ceremony?: { registeredTo?: 'another admin' };
  /** A CSV file sent as multipart/form-data (field `file`) instead of a JSON body. */
  file?: { name: string; text: string };
}

/** A case: `method` sent to `path` with `body` (when given), as a row of the table. */
const request =
  (method: ConflictCase['method']) =>
  (name: string, path: string, body?: unknown): ConflictCase =>
    body === undefined ? { name, method, path } : { name, method, path, body };
const post = request('POST');
const patch = request('PATCH');
const put = request('PUT');
const del = request('DELETE');

const variantBody = (sku: string) => ({
  sku,
  variant_title: 'Rouge',
  price: '189.000',
  cost_price: '95.000',
});

/**
 * Every operation of the contract with a 409 answer, by operationId: its rules' cases, or why
 * none is compared (the test fails for an operation missing here).
 */
export const CONFLICT_CASES: Record<string, ConflictCase[] | NotCompared> = {
  createCategory: [
    post('a slug used by an active category', '/api/v1/categories/', {
      name: 'Sacs bis',
      slug: 'sacs',
    }),
    post('a slug used by an inactive category', '/api/v1/categories/', {
      name: 'Bougies',
      slug: 'bougies',
    }),
  ],
  updateCategory: [patch("another category's slug", '/api/v1/categories/2', { slug: 'sacs' })],
  createProduct: [
    post('a slug already used', '/api/v1/admin/products/', {
      name: 'Portefeuille',
      slug: 'portefeuille-homme',
      description: 'Cuir',
      category_id: 1,
      base_price: '10.000',
      vat_rate_id: 1,
    }),
    post('an inventory SKU already used', '/api/v1/admin/products/', {
      name: 'Huile 2 L',
      slug: 'huile-2-l',
      description: 'Huile',
      category_id: 2,
      base_price: '50.000',
      vat_rate_id: 3,
      inventory: { sku: 'HUILE-1L' },
    }),
  ],
  updateProduct: [
    patch("another product's slug", '/api/v1/admin/products/2', { slug: 'portefeuille-homme' }),
    patch('has_variants false with several variants', '/api/v1/admin/products/1', {
      has_variants: false,
    }),
  ],
  createVariant: [
    post('a SKU already used', '/api/v1/admin/variants/1/variants', variantBody('SAC-CABAS-NR')),
  ],
  updateVariant: [
    patch("another variant's SKU", '/api/v1/admin/variants/1', { sku: 'SAC-CABAS-NR' }),
  ],
  duplicateVariant: [
    post('a new SKU already used', '/api/v1/admin/variants/1/duplicate', {
      new_sku: 'SAC-CABAS-NR',
    }),
  ],
  bulkCreateVariants: [
    post('a SKU already used', '/api/v1/admin/variants/bulk/create?product_id=1', [
      variantBody('SAC-CABAS-ROUGE'),
      variantBody('SAC-CABAS-NR'),
    ]),
    post('a SKU repeated in the body', '/api/v1/admin/variants/bulk/create?product_id=1', [
      variantBody('SAC-CABAS-ROUGE'),
      variantBody('SAC-CABAS-ROUGE'),
    ]),
  ],
  bulkUpdateVariants: [
    patch("another variant's SKU", '/api/v1/admin/variants/bulk/update', [
      { id: 1, sku: 'SAC-CABAS-NR' },
    ]),
  ],
  adjustVariantStock: [
    post('a variant that does not track inventory', '/api/v1/admin/variants/9/inventory/adjust', {
      adjustment: 1,
      reason: 'Recount',
    }),
    post('stock below 0 without backorders', '/api/v1/admin/variants/2/inventory/adjust', {
      adjustment: -4,
      reason: 'Recount',
    }),
  ],
  bulkEditProducts: [
    post('stock below 0 and a product not tracked', '/api/v1/admin/products/bulk', {
      ids: [2, 4, 5],
      action: { type: 'adjust_stock', delta: -3, reason: 'Casse' },
    }),
  ],
  bulkEditVariants: [
    post('stock below 0 and a variant not tracked', '/api/v1/admin/variants/bulk/edit', {
      ids: [2, 9, 8],
      action: { type: 'adjust_stock', delta: -5, reason: 'Casse' },
    }),
  ],
  editOrder: [
    post('a shipped order', '/api/v1/admin/orders/2/edit', { shipping_amount: '5.000' }),
    post('a cancelled order', '/api/v1/admin/orders/4/edit', { shipping_amount: '5.000' }),
  ],
  createOrderReturn: [
    post('a cancelled order', '/api/v1/admin/orders/4/returns', {
      reason: 'Late',
      lines: [{ order_item_id: 6, quantity: 1, restock: true }],
    }),
    post('the preview of a return of a cancelled order', '/api/v1/admin/orders/4/returns', {
      reason: 'Late',
      lines: [{ order_item_id: 6, quantity: 1, restock: true }],
      dry_run: true,
    }),
  ],
  cancelOrder: [
    post('a shipped order', '/api/v1/admin/orders/2/cancel'),
    post('a cancelled order', '/api/v1/admin/orders/4/cancel'),
  ],
  confirmOrderVatNumber: [
    post(
      'an order with no number awaiting confirmation',
      '/api/v1/admin/orders/1/confirm-vat-number',
    ),
  ],
  setOrderShipment: [
    put('a cancelled order', '/api/v1/admin/orders/4/shipment', {
      carrier: 'Aramex',
      tracking_number: 'TN123',
    }),
  ],
  createOrderPayment: [
    post('a refund beyond its credit note', '/api/v1/admin/orders/4/payments', {
      amount: '-66.501',
      method: 'cash',
      received_on: '2025-03-20',
      credit_note_id: 2,
    }),
  ],
  removeOrderPayment: [del('a payment removed already', '/api/v1/admin/orders/5/payments/4')],
  // The fixtures' remittance 1 (Aramex, ARX-2025-0314) pays order 1 and is in force.
  createRemittance: [
    post(
      'the carrier and reference of a remittance in force',
      '/api/v1/admin/payments/remittances',
      {
        carrier: ' aramex ',
        received_on: '2025-03-20',
        reference: 'arx-2025-0314',
        lines: [{ order_number: 'ORD-20250310-0001', amount: '1.000' }],
      },
    ),
  ],
  importRemittance: [
    {
      name: 'a file under the carrier and reference of a remittance in force',
      method: 'POST',
      path: '/api/v1/admin/payments/remittances/import?carrier=Aramex&received_on=2025-03-20&reference=ARX-2025-0314',
      file: { name: 'aramex.csv', text: 'order_number,amount\nORD-20250310-0001,1.000\n' },
    },
  ],
  printOrderDocuments: [
    {
      // Order 1 is pending (never invoiced), order 4's invoice was credited; order 2 has one.
      name: 'an invoice print with orders without an invoice in force',
      method: 'POST',
      path: '/api/v1/admin/orders/documents',
      body: { order_ids: [4, 2, 1], kind: 'invoice' },
    },
  ],
  eraseAdminCustomer: [
    {
      // Leïla (account 11) has order 1, still pending.
      name: 'a customer with an open order',
      method: 'POST',
      path: '/api/v1/admin/customers/a11/erase',
      body: { confirm_email: 'leila.bouazizi@gmail.com' },
    },
  ],
  issueInvoice: [
    post('an order with an invoice in force', '/api/v1/admin/orders/2/invoices'),
    post('a cancelled order', '/api/v1/admin/orders/4/invoices'),
  ],
  // Neither side has TTN_URL: e-invoicing is off, whatever the document.
  submitInvoiceTeif: [
    post('e-invoicing off (no TTN_URL)', '/api/v1/admin/invoices/1/teif/submission'),
  ],
  updateOrderStatus: [
    {
      // Order 6 was cancelled with 4 black bags; 3 are in stock, no backorders.
      name: 'reopening a cancelled order short of stock',
      method: 'PATCH',
      path: '/api/v1/admin/orders/6/status',
      body: { status: 'pending' },
    },
    patch('a cancelled order short of stock to processing', '/api/v1/admin/orders/6/status', {
      status: 'processing',
      note: 'Client rappelé',
    }),
  ],
  createUser: [
    post('a username already used (other case)', '/api/v1/admin/users/', {
      username: 'ADMIN',
      email: 'new@dar-el-jeld.tn',
      full_name: 'New',
      password: 'correct-horse-battery',
    }),
    post('an e-mail already used', '/api/v1/admin/users/', {
      username: 'new.user',
      email: 'Karim.Trabelsi@dar-el-jeld.tn',
      full_name: 'New',
      password: 'correct-horse-battery',
    }),
  ],
  updateUser: [
    patch("another user's username", '/api/v1/admin/users/2', { username: 'salma.gharbi' }),
    patch('demoting the last active super_admin', '/api/v1/admin/users/1', { role: 'admin' }),
    patch('deactivating yourself', '/api/v1/admin/users/1', { is_active: false }),
  ],
  deleteUser: [del('yourself', '/api/v1/admin/users/1')],
  resetUserTwoFactor: [del('your own account', '/api/v1/admin/users/1/two-factor')],
  updateVatRate: [
    patch('a new rate for a rate in force', '/api/v1/admin/vat-rates/1', { rate: 20 }),
    patch('a new country for a rate that took effect', '/api/v1/admin/vat-rates/5', {
      country_code: 'BE',
    }),
  ],
  resendWebhookDelivery: [
    {
      ...post('a delivery pending already', '/api/v1/admin/webhooks/2/deliveries/14/resend'),
      during: 'the webhook fixtures',
    },
  ],
  deleteVatRate: [del('a rate products use', '/api/v1/admin/vat-rates/3')],
  createDiscount: [
    post('a code another discount has (other case)', '/api/v1/admin/discounts/', {
      name: 'Welcome again',
      code: 'welcome10',
      kind: 'percent',
      percent: 5,
      scope: 'order',
    }),
    post('a product that does not exist', '/api/v1/admin/discounts/', {
      name: 'Ghost',
      kind: 'free_shipping',
      scope: 'products',
      product_ids: [999],
    }),
    post('a category that does not exist', '/api/v1/admin/discounts/', {
      name: 'Ghost',
      kind: 'free_shipping',
      scope: 'categories',
      category_ids: [999],
    }),
  ],
  updateDiscount: [
    patch("another discount's code", '/api/v1/admin/discounts/7', { code: 'Cuir5' }),
  ],
  deleteDiscount: [del('a discount orders used', '/api/v1/admin/discounts/2')],
  // Shipping (#36), on the shipping fixtures (zone 1 Grand Tunis is the only zone of method 1).
  createShippingZone: [
    post('a name another zone has (other case)', '/api/v1/admin/shipping-zones/', {
      name: 'grand tunis',
      countries: ['TN'],
    }),
  ],
  updateShippingZone: [
    patch("another zone's name", '/api/v1/admin/shipping-zones/2', { name: 'Europe' }),
  ],
  deleteShippingZone: [del("a method's only zone", '/api/v1/admin/shipping-zones/1')],
  updateShippingMethod: [
    patch('a zone that does not exist', '/api/v1/admin/shipping-methods/2', { zone_ids: [2, 999] }),
  ],
  chooseCartShippingMethod: { why: 'no-mock', reason: 'the storefront cart' },
  createShippingMethod: [
    post('a zone that does not exist', '/api/v1/admin/shipping-methods/', {
      name: { en: 'Courier', fr: 'Coursier', ar: 'ساعي' },
      zone_ids: [999],
      rate_kind: 'flat',
      flat_price: '7.000',
    }),
  ],
  deleteFiles: [
    del("a product's image", '/api/v1/admin/uploads/files', { keys: ['sac-cabas-noir.jpg'] }),
  ],
  // The fixtures' admin 1 has no second factor (the mocks' signed-in admin, adminMe, neither),
  // and the loaded admins' password is the mocks' (MOCK_PASSWORD).
  disableTotp: [
    del('no authenticator app (the right password)', '/api/v1/admin/auth/me/2fa/totp', {
      password: MOCK_PASSWORD,
    }),
    {
      name: 'the last second factor of a role that requires one',
      method: 'DELETE',
      path: '/api/v1/admin/auth/me/2fa/totp',
      body: { password: MOCK_PASSWORD },
      caller: { totp: true, passkeys: 0, required: true },
    },
  ],
  confirmTotpEnrolment: [
    post('no setting up started', '/api/v1/admin/auth/me/2fa/totp/confirm', { otp: '123456' }),
  ],
  regenerateRecoveryCodes: [
    post('no authenticator app (the right password)', '/api/v1/admin/auth/me/2fa/recovery-codes', {
      password: MOCK_PASSWORD,
    }),
  ],
  startTotpEnrolment: [
    {
      name: 'an authenticator app set up already',
      method: 'POST',
      path: '/api/v1/admin/auth/me/2fa/totp',
      caller: { totp: true, passkeys: 0, required: false },
    },
  ],
  // Its 409s come after the WebAuthn attestation is verified, so each runs a real ceremony.
  registerPasskey: [
    {
      name: `the admin has ${MAX_PASSKEYS} passkeys already`,
      method: 'POST',
      path: '/api/v1/admin/auth/me/passkeys',
      body: { name: 'One too many' },
      caller: { totp: false, passkeys: MAX_PASSKEYS, required: false },
      ceremony: {},
    },
    {
      name: 'the credential is registered already, to another admin',
      method: 'POST',
      path: '/api/v1/admin/auth/me/passkeys',
      body: { name: 'Borrowed key' },
      ceremony: { registeredTo: 'another admin' },
    },
  ],
  deletePasskey: [
    {
      name: 'the last second factor of a role that requires one',
      method: 'DELETE',
      path: '/api/v1/admin/auth/me/passkeys/1',
      caller: { totp: false, passkeys: 1, required: true },
    },
  ],
  retryJob: [
    post('a job done', '/api/v1/admin/jobs/3/retry'),
    post('a running job', '/api/v1/admin/jobs/4/retry'),
  ],
  createBackup: [
    {
      name: 'while another backup is being written',
      method: 'POST',
      path: '/api/v1/admin/backups/',
      during: 'a backup being written',
    },
  ],
  addCartItem: { why: 'no-mock', reason: 'the storefront cart' },
  applyCartDiscount: { why: 'no-mock', reason: 'the storefront cart' },
  updateCartItem: { why: 'no-mock', reason: 'the storefront cart' },
  createOrder: { why: 'no-mock', reason: 'the storefront checkout' },
  completeDraftOrder: [
    post("a line short of stock (the checkout's words)", '/api/v1/admin/draft-orders/2/complete'),
    {
      name: 'shipping charged with no default VAT rate in force',
      method: 'POST',
      path: '/api/v1/admin/draft-orders/1/complete',
      during: 'no default VAT rate in force',
    },
  ],
};
