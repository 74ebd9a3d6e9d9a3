// The tables that can name a customer (issue #29 part 2), in one list read by the export and the
// erase (services/orders/customer-personal-data.ts) and by the mock API. PERSONAL_DATA_FREE
// gives, with the reason, every other table with a column that looks personal (e-mail, phone,
// name, address…): routes/customer-people.test.ts reads the live schema and fails when a table
// with such a column is in neither list, so a new table cannot be forgotten.

/** Every table that can name a person: what the export gives and the erase treats. */
export const PERSONAL_TABLES = [
  'customers',
  'addresses',
  'carts',
  'cart_items',
  'magic_link_tokens',
  'auth_sessions',
  'refresh_tokens',
  'orders',
  'order_items',
  'order_status_history',
  'order_notes',
  'order_edits',
  'order_shipments',
  'order_returns',
  'order_return_lines',
  'order_payments',
  'order_emails',
  'invoices',
  'draft_orders',
  'draft_order_lines',
  'customer_notes',
  'customer_overview',
  'jobs',
  'audit_log',
] as const;
export type PersonalTable = (typeof PERSONAL_TABLES)[number];

/** Tables with a column that looks personal but never holds a customer's data, and why. */
export const PERSONAL_DATA_FREE: Record<string, string> = {
  admin_users: 'staff accounts, not customers',
  admin_passkeys: 'staff passkeys (customers sign in by magic link only)',
  admin_totp: 'staff second factor',
  admin_recovery_codes: 'staff second factor',
  webauthn_challenges: 'staff passkey challenges',
  shop_settings: "the shop's own identity",
  shop_settings_changes: "changes of the shop's own identity",
  vat_rates: 'rate names',
  categories: 'catalogue',
  products: 'catalogue',
  variants: 'catalogue',
  stock_movements: 'catalogue stock; product names only',
  payment_remittances: 'a carrier remittance; its payments are exported per order',
  document_logos: "the shop's logo",
  auth_throttle: 'hashed counters that expire within the hour, never readable back',
  vat_number_checks: "a VIES cache of companies' VAT numbers, a day long",
  mail_deliveries: 'delivery runs of jobs, no address',
};

/** The 409 of an erase while orders of the person are open ("ORD-… (pending)", oldest first). */
export const erasureRefused = (openOrders: readonly string[]) =>
  `The customer cannot be erased while an order is open: ${openOrders.join(', ')}. Deliver, cancel or refund it first.`;

/** The 422 of an erase whose confirmation is not the person's e-mail. */
export const ERASE_CONFIRMATION_MISMATCH = "This is not the customer's e-mail address";
