// Every route of the console in one place (docs/product.md §2). Links, redirects and the route
// table all read from here, so a path changes in one line and a typo is a type error.

const encode = (id: string | number) => encodeURIComponent(String(id));

export const paths = {
  landing: '/',
  signIn: '/auth',
  magicLink: '/auth/magic',
  admin: {
    /** The admin area's route pattern, matching the dashboard and everything below it. */
    area: '/admin/*?',
    dashboard: '/admin',
  },
  products: {
    list: '/admin/products',
    create: '/admin/products/new',
    edit: (id: string | number) => `/admin/products/${encode(id)}`,
    editPattern: '/admin/products/:id',
  },
  orders: {
    list: '/admin/orders',
    /** The orders list filtered to one customer's e-mail (the customers screen links here). */
    forEmail: (email: string) =>
      `/admin/orders?email=${encodeURIComponent(email).replaceAll('%40', '@')}`,
    detail: (id: string | number) => `/admin/orders/${encode(id)}`,
    detailPattern: '/admin/orders/:id',
    /** A staff order: a new draft, the drafts left, one draft continued (docs/product.md §10.23). */
    create: '/admin/orders/new',
    drafts: '/admin/orders/drafts',
    draft: (id: string | number) => `/admin/orders/drafts/${encode(id)}`,
    draftPattern: '/admin/orders/drafts/:id',
    /** The carriers' cash-on-delivery remittances (docs/product.md §10.22). */
    remittances: '/admin/orders/remittances',
  },
  customers: {
    list: '/admin/customers',
    /** A person, by their key (CustomerKey: `a<account id>` or `g<e-mail in base64url>`). */
    detail: (key: string) => `/admin/customers/${encode(key)}`,
    detailPattern: '/admin/customers/:key',
  },
  /** Discount codes and automatic promotions (docs/product.md, "Discounts"). */
  discounts: { list: '/admin/discounts' },
  /** Shipping zones and methods (docs/product.md, "Shipping"). */
  shipping: { list: '/admin/shipping' },
  inventory: { ledger: '/admin/inventory/ledger' },
  categories: {
    list: '/admin/categories',
    /** The categories screen with its Add dialog open (the command palette's 'New category'). */
    create: '/admin/categories?new',
  },
  vatRates: { list: '/admin/vat-rates' },
  /** The accountant's books (docs/product.md §10.27): each `?month=YYYY-MM`, the register `?from&to`. */
  reports: {
    vatReturn: '/admin/reports/vat-return',
    salesRegister: '/admin/reports/sales-register',
    withholding: '/admin/reports/withholding',
    /** The analytics (#35, analytics:read): each `?period=7_days…` or `?from&to`. */
    sales: '/admin/reports/sales',
    products: '/admin/reports/products',
    returns: '/admin/reports/returns',
    stock: '/admin/reports/stock',
  },
  users: { list: '/admin/users' },
  auditLog: '/admin/audit-log',
  jobs: '/admin/jobs',
  /** The integrations' API tokens (docs/product.md §10.31, api_tokens:manage). */
  apiTokens: '/admin/api-tokens',
  /** Webhook endpoints and each one's deliveries (docs/product.md §10.32, webhooks:manage). */
  webhooks: {
    list: '/admin/webhooks',
    detail: (id: string | number) => `/admin/webhooks/${encode(id)}`,
    detailPattern: '/admin/webhooks/:id',
  },
  settings: '/admin/settings',
  /** My account: the signed-in admin's password, sessions and second factors (every role). */
  account: '/admin/account',
  /** The API reference, a page of the server (GET /api/docs, #31), not of the console. */
  apiReference: '/api/docs',
  /**
   * Setting up a second factor: where an admin whose role requires one (and who has none) is
   * kept until they have set one up.
   */
  twoFactorSetup: '/admin/account/two-factor',
} as const;
