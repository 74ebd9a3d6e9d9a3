// Kysely table types. Conventions (same on SQLite and PostgreSQL):
// - money: integer millimes (BIGINT); 1 TND = 1000 millimes
// - booleans: INTEGER 0/1 (see bool.ts)
// - timestamps and dates: ISO-8601 TEXT in UTC ("2025-01-31T12:00:00.000Z"); created_at and
//   updated_at default to now, but updates must set updated_at themselves
// - JSON values: TEXT, parse/stringify at the repository edge
import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Selectable,
  Updateable,
} from 'kysely';
import type { Schemas } from '../api/types';
import type { AdminRole } from '../domain/roles';
import type { StampDutyOnCreditNotes, StampDutyScope } from '../domain/stamp-duty';

type Id = Generated<number>;
/** Stored 0/1, read back as a number: map with toBool/fromBool. */
type BoolDefault = ColumnType<number, 0 | 1 | undefined, 0 | 1>;
type Timestamp = ColumnType<string, string | undefined, string>;
type JsonText = ColumnType<string, string | undefined, string>;
type IntDefault = ColumnType<number, number | undefined, number>;
type PaymentStatus = Schemas['PaymentStatus'];

interface AdminUsersTable {
  id: Id;
  username: string;
  email: string;
  full_name: string;
  role: AdminRole;
  is_active: BoolDefault;
  password_hash: string;
  /** 1 while a confirmed TOTP or a passkey exists (kept by the services, migration 019). */
  two_factor_enabled: BoolDefault;
  last_login: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface RefreshTokensTable {
  id: Id;
  token_hash: string;
  family_id: string;
  user_type: Schemas['UserType'];
  user_id: number;
  expires_at: string;
  revoked_at: string | null;
  used_at: string | null;
  created_at: Timestamp;
}

/** One sign-in (a refresh-token family, id = family_id); migration 018. */
interface AuthSessionsTable {
  id: string;
  user_type: Schemas['UserType'];
  user_id: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  ip_address: string | null;
  user_agent: string | null;
  revoked_at: string | null;
}

interface AdminTotpTable {
  admin_user_id: number;
  /** Sealed with the server's key. */
  secret: string;
  /** Null while the enrolment waits for its first code. */
  confirmed_at: string | null;
  /** The last 30-second step whose code was accepted (a code is used once). */
  last_step: IntDefault;
  created_at: Timestamp;
}

interface AdminRecoveryCodesTable {
  id: Id;
  admin_user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: Timestamp;
}

interface AdminPasskeysTable {
  id: Id;
  admin_user_id: number;
  /** base64url. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  counter: IntDefault;
  /** JSON array of AuthenticatorTransport, or null. */
  transports: string | null;
  name: string;
  created_at: Timestamp;
  last_used_at: string | null;
}

interface WebauthnChallengesTable {
  id: Id;
  admin_user_id: number;
  purpose: 'registration' | 'authentication';
  challenge: string;
  expires_at: string;
  created_at: Timestamp;
}

interface VatRatesTable {
  id: Id;
  name: string;
  /** Hundredths of a percent: 19.00 % -> 1900 (see domain/vat.ts). */
  rate_bp: number;
  country_code: string;
  description: string | null;
  is_default: BoolDefault;
  is_active: BoolDefault;
  effective_from: string;
  effective_to: string | null;
  /** The rate that replaces this one after its effective_to (see domain/vat.ts); null: none. */
  successor_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CategoriesTable {
  id: Id;
  name: string;
  slug: string;
  description: string | null;
  image_url: string | null;
  parent_id: number | null;
  is_active: BoolDefault;
  display_order: IntDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Exported for declaration emit only: inferred query types that join products name it.
 * @public
 */
export interface ProductsTable {
  id: Id;
  name: string;
  slug: string;
  description: string;
  short_description: string | null;
  category_id: number | null;
  brand: string | null;
  has_variants: BoolDefault;
  base_price: number;
  compare_at_price: number | null;
  vat_rate_id: number;
  price_includes_vat: BoolDefault;
  /** JSON array of URLs. */
  images: JsonText;
  is_active: BoolDefault;
  is_featured: BoolDefault;
  meta_title: string | null;
  meta_description: string | null;
  /** JSON array of strings. */
  tags: JsonText;
  /**
   * Its stock-counted variants' stock summed (null: none counted) and its stock state, kept by
   * the triggers of migration 026 (never written by the server).
   */
  stock_quantity: ColumnType<number | string | null, never, never>;
  stock_state: ColumnType<Schemas['ProductStockState'], never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantsTable {
  id: Id;
  product_id: number;
  /** 1 for the hidden variant that carries a simple product's inventory. */
  is_default: BoolDefault;
  /** JSON object: option name -> value. */
  option_values: JsonText;
  sku: string;
  variant_title: string;
  price: number;
  compare_at_price: number | null;
  cost_price: number | null;
  /** Null: inherits the product's rate. */
  vat_rate_id: number | null;
  barcode: string | null;
  /** kg */
  weight: number | null;
  /** JSON {length, width, height, unit}. */
  dimensions: string | null;
  images: JsonText;
  stock_quantity: IntDefault;
  low_stock_threshold: IntDefault;
  track_inventory: BoolDefault;
  allow_backorder: BoolDefault;
  is_active: BoolDefault;
  position: IntDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface StockMovementsTable {
  id: Id;
  /** What made it (migration 025); writers always set it (the SQLite column has a default). */
  kind: Schemas['StockMovementKind'];
  /** Null once the variant (or its product) was deleted: the ledger outlives the catalogue. */
  variant_id: number | null;
  /** The order whose checkout, cancellation or status change made the movement. */
  order_id: number | null;
  /** The status the order moved to (kinds cancel and reopen), else null. */
  order_status: Schemas['OrderStatus'] | null;
  /** The CSV file imported (kind import), else null. */
  import_file: string | null;
  /** The return whose restocked units the movement gave back (kind return), else null. */
  return_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** SKU of the variant when the movement was made. */
  sku: string;
  /** Product name, then " — <variant title>" for a variant of a product with variants. */
  title: string;
  delta: number;
  reason: string | null;
  stock_before: number;
  stock_after: number;
  admin_user_id: number | null;
  created_at: Timestamp;
}

type CustomerType = Schemas['CustomerType'];
export type OrderStatus = Schemas['OrderStatus'];

export interface CustomersTable {
  id: Id;
  /** Lower-cased. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  customer_type: ColumnType<CustomerType, CustomerType | undefined, CustomerType>;
  company_name: string | null;
  vat_number: string | null;
  country_code: ColumnType<string, string | undefined, string>;
  is_active: BoolDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface MagicLinkTokensTable {
  id: Id;
  email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: Timestamp;
}

export interface AddressesTable {
  id: Id;
  customer_id: number;
  label: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  street_address: string;
  apartment: string | null;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  phone: string;
  is_default: BoolDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Exactly one of session_id (anonymous) and customer_id is set. */
interface CartsTable {
  id: Id;
  session_id: string | null;
  customer_id: number | null;
  /** The code the customer entered, upper-cased (migration 031); re-checked on every read. */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The chosen shipping method and destination (migration 033); re-priced on every read. */
  shipping_method_id: ColumnType<number | null, number | null | undefined, number | null>;
  shipping_country: ColumnType<string | null, string | null | undefined, string | null>;
  shipping_governorate: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CartItemsTable {
  id: Id;
  cart_id: number;
  product_id: number;
  /** Always set: a simple product's line points at its default variant. */
  variant_id: number;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface OrdersTable {
  id: Id;
  order_number: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payment_method: string;
  customer_id: number | null;
  customer_email: string;
  customer_type: CustomerType;
  customer_country_code: string;
  vat_number: string | null;
  vat_reverse_charge: BoolDefault;
  /** Millimes, excl. VAT. */
  subtotal: IntDefault;
  vat_amount: IntDefault;
  shipping_amount: IntDefault;
  discount_amount: IntDefault;
  /**
   * Millimes, in total_amount: the stamp duty the order bears (#30, migration 035); null for the
   * orders placed before it (their invoices apply the settings at issue).
   */
  stamp_duty_amount: ColumnType<number | null, number | null | undefined, number | null>;
  total_amount: IntDefault;
  /** Millimes: the VAT of shipping_amount, included in vat_amount. */
  shipping_vat_amount: IntDefault;
  /** How vat_number was checked at checkout (VatNumberCheckOutcome); null without a number. */
  vat_number_check: ColumnType<string | null, string | null | undefined, string | null>;
  /** domestic, reverse_charge or export (domain/vat-treatment.ts VatTreatment). */
  vat_treatment: ColumnType<string, string | undefined, string>;
  /** null, to_confirm or confirmed (domain/vat-treatment.ts VatNumberReview). */
  vat_number_review: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  currency: ColumnType<string, string | undefined, string>;
  /** JSON ShippingAddress snapshot. */
  shipping_address: string;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated: the shipping e-mail trimmed and lower-cased, 'unknown' without one (the customer). */
  shipping_email_key: GeneratedAlways<string>;
  /** Generated: the shipping address's first name, a space, its last name. */
  shipping_name: GeneratedAlways<string | null>;
  /** Kept by services/orders/order-balance.ts refreshOrderBalance (migration 029). */
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  /** Millimes: Σ (amount + withholding_amount) of the payments not removed (refunds negative). */
  amount_paid: IntDefault;
  /** Millimes: what the order owes minus amount_paid (negative when overpaid). */
  balance_due: IntDefault;
  /** en, fr or ar: the e-mails' language chosen; null: from the shipping country (migration 030). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The discount given, frozen (migration 031); discount_id null once the discount is deleted. */
  discount_id: ColumnType<number | null, number | null | undefined, number | null>;
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount_name: ColumnType<string | null, string | null | undefined, string | null>;
  discount_kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** Millimes, net: the shipping a free-shipping discount waived (shipping_amount is then 0). */
  discount_shipping_amount: IntDefault;
  /**
   * The shipping method given at checkout (migration 033): the id, null once the method is
   * deleted, and its frozen JSON snapshot (OrderShippingMethodSnapshot); both null at the flat rate.
   */
  shipping_method_id: ColumnType<number | null, number | null | undefined, number | null>;
  shipping_method: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A payment, refund or remittance line of an order (migration 029); never deleted. */
interface OrderPaymentsTable {
  id: Id;
  order_id: number;
  /** Millimes; negative for a refund (credit_note_id set). */
  amount: number;
  /** Millimes of tax the buyer withheld; settles the order with amount. */
  withholding_amount: IntDefault;
  withholding_certificate: string | null;
  method: Schemas['ReceivedPaymentMethod'];
  /** A shop day, YYYY-MM-DD. */
  received_on: string;
  reference: string | null;
  credit_note_id: number | null;
  remittance_id: number | null;
  recorded_by_admin_id: number | null;
  recorded_by: string | null;
  created_at: Timestamp;
  removed_at: string | null;
  removed_by_admin_id: number | null;
  removed_by: string | null;
}

/** A carrier's cash-on-delivery remittance (migration 029); its lines are order_payments. */
interface PaymentRemittancesTable {
  id: Id;
  carrier: string;
  received_on: string;
  reference: string | null;
  /** Millimes: Σ of its payments. */
  total_amount: number;
  fee_amount: IntDefault;
  withheld_amount: IntDefault;
  order_count: number;
  created_by_admin_id: number | null;
  created_by: string | null;
  created_at: Timestamp;
  /** SHA-256 (hex) of the CSV file it was imported from; NULL when typed in (migration 047). */
  file_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its carrier and reference folded (domain/payments.ts remittanceKey); NULL without one. */
  reference_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The orders grouped by shipping_email_key, kept by triggers on orders (migration 006). The
 * e-mail spelling, type, country and VAT number are those of the most recent order.
 */
interface CustomerOverviewTable {
  email_key: string;
  email: string;
  customer_type: CustomerType;
  country_code: string;
  vat_number: string | null;
  order_count: number;
  /** Millimes. */
  total_spent: number;
  last_order_date: string;
  last_order_id: number;
  /** When the customer's first order was placed (migration 041, kept by a trigger). */
  first_order_date: string | null;
}

/** Snapshot of the catalogue at checkout: later price or name changes do not alter it. */
interface OrderItemsTable {
  id: Id;
  order_id: number;
  product_id: number | null;
  variant_id: number | null;
  product_name: string;
  variant_title: string | null;
  product_sku: string | null;
  quantity: number;
  unit_price: IntDefault;
  unit_price_incl_vat: IntDefault;
  vat_rate_bp: number;
  vat_amount: IntDefault;
  total_price: IntDefault;
  total_price_incl_vat: IntDefault;
  /** Millimes, net: the line's share of the discount (total_price is before it; migration 031). */
  discount_amount: IntDefault;
}

interface OrderStatusHistoryTable {
  id: Id;
  order_id: number;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  changed_by_admin_id: number | null;
  changed_by: string | null;
  created_at: Timestamp;
}

interface ShopSettingsTable {
  id: number;
  legal_name: string | null;
  address: string | null;
  matricule_fiscal: string | null;
  trade_register_number: string | null;
  phone: string | null;
  email: string | null;
  logo_key: string | null;
  invoice_prefix: ColumnType<string, string | undefined, string>;
  credit_note_prefix: ColumnType<string, string | undefined, string>;
  /** Millimes. */
  stamp_duty: IntDefault;
  /** Which sales bear the stamp duty (domain/stamp-duty.ts StampDutyScope; migration 035). */
  stamp_duty_applies_to: ColumnType<StampDutyScope, StampDutyScope | undefined, StampDutyScope>;
  /** reversed or kept (domain/stamp-duty.ts StampDutyOnCreditNotes; migration 035). */
  stamp_duty_on_credit_notes: ColumnType<
    StampDutyOnCreditNotes,
    StampDutyOnCreditNotes | undefined,
    StampDutyOnCreditNotes
  >;
  time_zone: ColumnType<string, string | undefined, string>;
  /** JSON array of AdminRole (migration 019). */
  two_factor_required_roles: JsonText;
  /** JSON array of the OrderEmailEvent switched off (migration 030). */
  order_emails_off: ColumnType<string, string | undefined, string>;
  updated_at: string | null;
  updated_by_admin_id: number | null;
}

interface ShopSettingsChangesTable {
  id: Id;
  changed_by_admin_id: number | null;
  /** JSON: [{ field, before, after }] with the values as the contract writes them. */
  changes: string;
  created_at: Timestamp;
}

interface DocumentCountersTable {
  kind: Schemas['InvoiceKind'];
  year: number;
  last_sequence: number;
}

interface InvoicesTable {
  id: Id;
  kind: Schemas['InvoiceKind'];
  number: string;
  year: number;
  sequence: number;
  order_id: number;
  credits_invoice_id: number | null;
  /** JSON: the contract's Invoice without id, frozen at issue. */
  content: string;
  issued_by_admin_id: number | null;
  issued_at: string;
  /**
   * JSON: what the books read of the content (domain/books.ts BooksSummary), written at issue
   * (migration 037); null on rows written otherwise, which the reports read from content.
   */
  books_summary: ColumnType<string | null, string | null | undefined, string | null>;
  // The e-invoice at TTN (migration 036; services/billing/teif.ts): not frozen, TTN answers later.
  teif_status: ColumnType<Schemas['TeifStatus'], Schemas['TeifStatus'] | undefined>;
  teif_reference: ColumnType<string | null, string | null | undefined>;
  teif_qr_code: ColumnType<string | null, string | null | undefined>;
  teif_reason: ColumnType<string | null, string | null | undefined>;
  teif_attempts: IntDefault;
  teif_updated_at: ColumnType<string | null, string | null | undefined>;
}

/** A return of part of an order (migration 028; services/orders/order-returns.ts). Millimes. */
interface OrderReturnsTable {
  id: Id;
  order_id: number;
  reason: string;
  /** The shipping credited, excl. VAT, and its VAT (part of vat_amount). */
  shipping_amount: IntDefault;
  shipping_vat_amount: IntDefault;
  /** The returned lines excl. VAT. */
  subtotal: IntDefault;
  /** The lines' and the shipping's VAT credited. */
  vat_amount: IntDefault;
  /** Exactly what the return credits, VAT incl.: subtotal + shipping_amount + vat_amount. */
  total_amount: IntDefault;
  /** The partial credit note, and the invoice it credits; null when no invoice was in force. */
  credit_note_id: number | null;
  invoice_id: number | null;
  created_by_admin_id: number | null;
  created_at: Timestamp;
}

/** An edit of an order (migration 028; services/orders/order-edits.ts). */
interface OrderEditsTable {
  id: Id;
  order_id: number;
  /** JSON: the contract's OrderEditChange list. */
  changes: string;
  note: string | null;
  admin_user_id: number | null;
  created_at: Timestamp;
}

/** An order item returned: how many, back to stock (1) or damaged (0), and what it credits. */
interface OrderReturnLinesTable {
  id: Id;
  return_id: number;
  order_item_id: number;
  quantity: number;
  restock: number;
  total_price: IntDefault;
  vat_amount: IntDefault;
  total_price_incl_vat: IntDefault;
}

/** A logo as issued documents print it, by its storage key (migration 021; never changed). */
interface DocumentLogosTable {
  key: string;
  content_type: string;
  sha256: string;
  bytes: Buffer;
  created_at: Timestamp;
}

interface OrderNotesTable {
  id: Id;
  order_id: number;
  note: string;
  admin_user_id: number | null;
  created_at: Timestamp;
}

/** Staff (draft) orders (#28, migration 027): priced when read, no stock held. */
interface DraftOrdersTable {
  id: Id;
  customer_id: number | null;
  guest_name: string | null;
  guest_phone: string | null;
  guest_email: string | null;
  /** As sent; null: the profile's, else individual. */
  customer_type: CustomerType | null;
  vat_number: string | null;
  /** 1 when vat_number was sent (null then means none), 0: the profile's. */
  vat_number_set: IntDefault;
  customer_country_code: string | null;
  /** JSON ShippingAddress. */
  shipping_address: string;
  /** First name, a space, last name (searched by the list). */
  shipping_name: string;
  /** Millimes, NET. */
  shipping_amount: number;
  payment_method: string;
  notes: string | null;
  /** en, fr or ar, for the order it completes into (migration 030). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** A discount code, or a manual discount (percent in bp or amount in millimes) and why (031). */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  manual_discount_percent_bp: ColumnType<number | null, number | null | undefined, number | null>;
  manual_discount_amount: ColumnType<number | null, number | null | undefined, number | null>;
  manual_discount_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shipping method staff picked (migration 033). */
  shipping_method_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when shipping_amount is the amount staff gave, 0: none given (migration 034). */
  shipping_amount_set: IntDefault;
  created_by_admin_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface DraftOrderLinesTable {
  id: Id;
  draft_order_id: number;
  variant_id: number;
  quantity: number;
  /** Millimes, in the basis the product's price is entered in; null: the catalogue price. */
  unit_price_override: number | null;
  override_reason: string | null;
  position: number;
}

interface OrderShipmentsTable {
  id: Id;
  order_id: number;
  carrier: string;
  tracking_number: string;
  admin_user_id: number | null;
  created_at: Timestamp;
}

/** One admin write (services/platform/audit.ts). */
/** An integration's credentials (#31, migration 042; services/identity/api-tokens.ts). */
interface ApiTokensTable {
  id: Id;
  name: string;
  /** `shp_` + 12 characters: the token's public part, unique. */
  prefix: string;
  /** SHA-256 hex of the secret part. */
  secret_hash: string;
  /** JSON array of permissions. */
  scopes: string;
  created_by_admin_id: number;
  created_at: Timestamp;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
}

/** An endpoint receiving the shop's events (#31, migration 043; services/webhooks/). */
interface WebhookEndpointsTable {
  id: Id;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_` + base64 of 32 bytes, in clear: the server signs with it. */
  secret: string;
  enabled: number;
  disabled_at: string | null;
  failing_since: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One event for one endpoint (migration 043), written with the write that raised it. */
interface WebhookDeliveriesTable {
  id: Id;
  endpoint_id: number;
  /** The webhook-id header, the same on every attempt. */
  event_id: string;
  event: string;
  /** The exact JSON body sent. */
  payload: string;
  /** A stock event's variant until its first attempt fills in `data`; null after. */
  variant_id: number | null;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: IntDefault;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: Timestamp;
}

interface AuditLogTable {
  id: Id;
  created_at: Timestamp;
  admin_user_id: number | null;
  admin_username: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  label: string | null;
  /** JSON: [{ field, before, after }] with the values as the contract writes them. */
  changes: string;
}

interface OrderNumberCountersTable {
  day: string;
  last_value: number;
}

/** Sign-in throttling counters (services/identity/auth-throttle.ts); times in epoch milliseconds. */
interface AuthThrottleTable {
  /** SHA-256 hex of the scope and the throttled value (username, e-mail, client IP). */
  key: string;
  count: number;
  window_start: number;
  last_at: number;
  /** No attempt is taken before this time; 0 when not blocked. */
  blocked_until: ColumnType<number, number | undefined, number>;
}

/** Background work shared by the instances (server/src/jobs/). */
interface JobsTable {
  id: Id;
  kind: string;
  /** JSON, never a secret in clear. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'dead';
  attempts: IntDefault;
  max_attempts: number;
  run_at: string;
  /** The lease of the running worker; another may claim the job after it. */
  locked_until: string | null;
  last_error: string | null;
  /** Unique when set: one job per period of periodic work, whichever instance enqueued it. */
  unique_key: string | null;
  created_at: Timestamp;
  finished_at: string | null;
}

/** An e-mail an order's event queued (030_order_emails, services/orders/order-emails.ts). */
interface OrderEmailsTable {
  id: Id;
  order_id: number;
  event: Schemas['OrderEmailEvent'];
  dedupe_key: string;
  language: Schemas['EmailLanguage'];
  recipient: string;
  credit_note_id: number | null;
  job_id: number | null;
  created_at: string;
  sent_at: string | null;
}

/** A `mail.send` job's e-mail being sent, then sent (024_mail_deliveries, mail/deliveries.ts). */
interface MailDeliveriesTable {
  job_id: number;
  /** The run that took the sending. */
  run: string;
  started_at: string;
  sent_at: string | null;
}

/** One row (id 1): the /readyz write probe and the last integrity check (migration 023). */
interface HealthTable {
  id: number;
  write_probe_at: string | null;
  integrity_checked_at: string | null;
  /** null when the last check found nothing wrong (or none ran yet). */
  integrity_problem: string | null;
}

/** What staff keep about a person, by normalised e-mail (migration 032). */
interface CustomerNotesTable {
  email_key: string;
  /** A guest's name and phone as staff corrected them (an account's live in customers). */
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  notes: string | null;
  /** JSON array of normalised tags. */
  tags: JsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** VIES answers cached for a day (services/billing/vat-numbers.ts). */
interface VatNumberChecksTable {
  country_code: string;
  vat_number: string;
  valid: number;
  /** Epoch milliseconds. */
  checked_at: number;
}

export interface Database {
  vat_number_checks: VatNumberChecksTable;
  admin_users: AdminUsersTable;
  refresh_tokens: RefreshTokensTable;
  auth_sessions: AuthSessionsTable;
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_passkeys: AdminPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  vat_rates: VatRatesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  variants: VariantsTable;
  stock_movements: StockMovementsTable;
  customers: CustomersTable;
  magic_link_tokens: MagicLinkTokensTable;
  auth_throttle: AuthThrottleTable;
  addresses: AddressesTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_payments: OrderPaymentsTable;
  payment_remittances: PaymentRemittancesTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  order_number_counters: OrderNumberCountersTable;
  customer_overview: CustomerOverviewTable;
  shop_settings: ShopSettingsTable;
  shop_settings_changes: ShopSettingsChangesTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  order_returns: OrderReturnsTable;
  order_return_lines: OrderReturnLinesTable;
  order_edits: OrderEditsTable;
  document_logos: DocumentLogosTable;
  order_notes: OrderNotesTable;
  order_shipments: OrderShipmentsTable;
  draft_orders: DraftOrdersTable;
  draft_order_lines: DraftOrderLinesTable;
  audit_log: AuditLogTable;
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  jobs: JobsTable;
  mail_deliveries: MailDeliveriesTable;
  order_emails: OrderEmailsTable;
  customer_notes: CustomerNotesTable;
  health: HealthTable;
  discounts: DiscountsTable;
  discount_products: DiscountProductsTable;
  discount_categories: DiscountCategoriesTable;
  shipping_zones: ShippingZonesTable;
  shipping_methods: ShippingMethodsTable;
  shipping_method_zones: ShippingMethodZonesTable;
}

/** A shipping zone (migration 033): JSON arrays of country codes and of TN governorates. */
interface ShippingZonesTable {
  id: Id;
  name: string;
  countries: string;
  governorates: JsonText;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A shipping method (migration 033); money in NET millimes. bands: JSON
 * [{"up_to": grams or millimes | null, "price": millimes}] for a weight or subtotal rate.
 */
interface ShippingMethodsTable {
  id: Id;
  name_en: string;
  name_fr: string;
  name_ar: string;
  rate_kind: 'flat' | 'weight' | 'subtotal';
  flat_price: number | null;
  bands: JsonText;
  free_above: number | null;
  cod_fee: number | null;
  carrier: string | null;
  tracking_url_template: string | null;
  is_active: BoolDefault;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ShippingMethodZonesTable {
  method_id: number;
  zone_id: number;
}

/** A discount code or automatic promotion (migration 031); money in millimes. */
interface DiscountsTable {
  id: Id;
  name: string;
  /** Upper case; null for an automatic promotion. */
  code: string | null;
  kind: Schemas['DiscountKind'];
  /** Basis points of a percent (10 % = 1000) for kind percent. */
  percent_bp: number | null;
  amount: number | null;
  scope: Schemas['DiscountScope'];
  minimum_subtotal: number | null;
  /** YYYY-MM-DD in the shop's time zone. */
  starts_on: string | null;
  ends_on: string | null;
  usage_limit: number | null;
  usage_limit_per_customer: number | null;
  usage_count: IntDefault;
  is_active: BoolDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface DiscountProductsTable {
  discount_id: number;
  product_id: number;
}

interface DiscountCategoriesTable {
  discount_id: number;
  category_id: number;
}

export type AdminUserRow = Selectable<AdminUsersTable>;
export type AdminUserUpdate = Updateable<AdminUsersTable>;
export type VatRateRow = Selectable<VatRatesTable>;
export type NewVatRate = Insertable<VatRatesTable>;
export type VatRateUpdate = Updateable<VatRatesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type CategoryUpdate = Updateable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type NewVariant = Insertable<VariantsTable>;
export type VariantUpdate = Updateable<VariantsTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type AddressRow = Selectable<AddressesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderPaymentRow = Selectable<OrderPaymentsTable>;
export type PaymentRemittanceRow = Selectable<PaymentRemittancesTable>;
export type OrderStatusHistoryRow = Selectable<OrderStatusHistoryTable>;
