// The mocks' fixtures (mocks/fixtures) written into a test database with the same ids, so the
// mock API and the real server start from the same data (the mock-versus-server table,
// src/http/mock-drift/). Rows go straight into the tables, as the server would have written them;
// what the server derives (product stock, the customers overview) it derives itself.
import { rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { adminUsers } from '../../mocks/fixtures/admin-users';
import { apiTokens } from '../../mocks/fixtures/api-tokens';
import { webhookDeliveries, webhookEndpoints } from '../../mocks/fixtures/webhooks';
import { MOCK_PASSWORD } from '../../mocks/handlers/account';
import { auditEntries } from '../../mocks/fixtures/audit';
import { backups } from '../../mocks/fixtures/backups';
import { adminSessions } from '../../mocks/fixtures/sessions';
import { categories } from '../../mocks/fixtures/categories';
import { discounts } from '../../mocks/fixtures/discounts';
import { shippingMethods, shippingZones } from '../../mocks/fixtures/shipping';
import { draftOrders } from '../../mocks/fixtures/draft-orders';
import { invoices } from '../../mocks/fixtures/invoices';
import { jobs } from '../../mocks/fixtures/jobs';
import { adminPasskeys } from '../../mocks/fixtures/passkeys';
import type { Passkey } from '../../generated/model';
import { orderDetails } from '../../mocks/fixtures/orders';
import { orderPayments, remittances } from '../../mocks/fixtures/payments';
import { products } from '../../mocks/fixtures/products';
import { shopSettingsChanges } from '../../mocks/fixtures/settings';
import { stockMovements } from '../../mocks/fixtures/stock-movements';
import { timelineOf } from '../../mocks/fixtures/timeline';
import { totpEnrolment } from '../../mocks/fixtures/two-factor';
import { variants } from '../../mocks/fixtures/variants';
import { vatRates } from '../../mocks/fixtures/vat-rates';
import type { DialectName } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { hashPassword } from '../src/auth/passwords';
import { PLACEHOLDER_SKU } from '../src/domain/inventory';
import { remittanceKey } from '../src/domain/payments';
import type { Manifest } from '../src/backup/manifest';
import { backupStore, ensureWorkDir } from '../src/backup/store';
import { seal } from '../src/jobs/sealed';
import { startSession } from '../src/services/identity/refresh-tokens';
import type { AuthHeaders, TestApp } from './app';
import { deleteAll } from './fixtures';

/** Whether a fixture job is loaded: not an e-mail the test app's worker would send. */
const isLoadedJob = (job: { kind: string; status: string }) =>
  !(job.kind === 'mail.send' && (job.status === 'queued' || job.status === 'running'));

/** The password of every loaded admin user: the one the mocks take (the stories' sign-in). */
const MOCK_ADMIN_PASSWORD = MOCK_PASSWORD;

/** "189.000" (TND) → 189000 millimes. */
const millimes = (amount: string) => Math.round(Number(amount) * 1000);
const millimesOrNull = (amount: string | null | undefined) =>
  amount === null || amount === undefined ? null : millimes(amount);
const bit = (value: boolean) => (value ? 1 : 0);

/** The tables loaded, children before parents (the order they are emptied in). */
const TABLES: (keyof Database)[] = [
  'discount_categories',
  'discount_products',
  'discounts',
  'draft_order_lines',
  'draft_orders',
  'jobs',
  'shop_settings_changes',
  'audit_log',
  'stock_movements',
  'order_payments',
  'payment_remittances',
  'invoices',
  'document_counters',
  'order_status_history',
  'order_items',
  'orders',
  'shipping_method_zones',
  'shipping_methods',
  'shipping_zones',
  'customers',
  'variants',
  'products',
  'categories',
  'vat_rates',
];

/** The loaded tables keyed by something else than an id sequence. */
const WITHOUT_ID = new Set<keyof Database>([
  'document_counters',
  'discount_products',
  'discount_categories',
  'shipping_method_zones',
]);

/**
 * Empties the shop's tables and writes the fixtures, ids kept. On PostgreSQL the id sequences
 * then start after the fixtures', so rows a test creates get new ids. Admin users are added to
 * the ones present (the test app's own admins keep their ids; the fixtures' ids must be free).
 */
export async function loadMockFixtures(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  await deleteAll(db, TABLES);
  const passwordHash = await hashPassword(MOCK_ADMIN_PASSWORD);

  await db
    .insertInto('admin_users')
    .values(
      adminUsers.map((u) => ({
        id: u.id,
        username: u.username,
        email: u.email,
        full_name: u.full_name,
        role: u.role,
        is_active: bit(u.is_active),
        two_factor_enabled: bit(u.two_factor_enabled),
        password_hash: passwordHash,
        last_login: u.last_login,
        created_at: u.created_at,
        updated_at: u.updated_at,
      })),
    )
    .execute();

  await db
    .insertInto('vat_rates')
    .values(
      vatRates.map((r) => ({
        id: r.id,
        name: r.name,
        rate_bp: Math.round(r.rate * 100),
        country_code: r.country_code,
        description: r.description,
        is_default: bit(r.is_default),
        is_active: bit(r.is_active),
        effective_from: r.effective_from,
        effective_to: r.effective_to,
        created_at: r.created_at,
        updated_at: r.updated_at,
      })),
    )
    .execute();

  // Parents before their children (a category's parent_id).
  const byParent = [...categories].sort(
    (a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null),
  );
  for (const c of byParent)
    await db
      .insertInto('categories')
      .values({
        id: c.id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        image_url: c.image_url,
        parent_id: c.parent_id,
        is_active: bit(c.is_active),
        display_order: c.display_order,
        created_at: c.created_at,
        updated_at: c.updated_at,
      })
      .execute();

  await db
    .insertInto('products')
    .values(
      products.map((p) => ({
        id: p.id,
        name: p.name,
        slug: p.slug,
        description: p.description,
        short_description: p.short_description,
        category_id: p.category_id,
        brand: p.brand,
        has_variants: bit(p.has_variants),
        base_price: millimes(p.base_price),
        compare_at_price: millimesOrNull(p.compare_at_price),
        vat_rate_id: p.vat_rate_id,
        price_includes_vat: bit(p.price_includes_vat),
        images: JSON.stringify(p.images),
        is_active: bit(p.is_active),
        is_featured: bit(p.is_featured),
        meta_title: p.meta_title,
        meta_description: p.meta_description,
        tags: JSON.stringify(p.tags),
        created_at: p.created_at,
        updated_at: p.updated_at,
      })),
    )
    .execute();

  const hasVariants = new Map(products.map((p) => [p.id, p.has_variants]));
  await db
    .insertInto('variants')
    .values(
      variants.map((v) => ({
        id: v.id,
        product_id: v.product_id,
        is_default: bit(!hasVariants.get(v.product_id)),
        option_values: JSON.stringify(v.option_values),
        sku: v.sku,
        variant_title: v.variant_title,
        price: millimes(v.price),
        compare_at_price: millimesOrNull(v.compare_at_price),
        cost_price: millimesOrNull(v.cost_price),
        vat_rate_id: v.vat_rate_id,
        barcode: v.barcode,
        weight: v.weight,
        dimensions: v.dimensions ? JSON.stringify(v.dimensions) : null,
        images: JSON.stringify(v.images),
        stock_quantity: v.stock_quantity,
        low_stock_threshold: v.low_stock_threshold,
        track_inventory: bit(v.track_inventory),
        allow_backorder: bit(v.allow_backorder),
        is_active: bit(v.is_active),
        position: v.position,
        created_at: v.created_at,
        updated_at: v.updated_at,
      })),
    )
    .execute();

  // The orders' customer accounts (the fixtures name them only by id and e-mail).
  const accounts = new Map<number, (typeof orderDetails)[number]>();
  for (const o of orderDetails) if (o.customer_id !== null) accounts.set(o.customer_id, o);
  if (accounts.size > 0)
    await db
      .insertInto('customers')
      .values(
        [...accounts].map(([id, o]) => ({
          id,
          email: o.customer_email.toLowerCase(),
          first_name: o.shipping_address.first_name,
          last_name: o.shipping_address.last_name,
          phone: o.shipping_address.phone,
          customer_type: o.customer_type,
          company_name: null,
          vat_number: o.vat_number,
          country_code: o.customer_country_code,
          is_active: 1,
          created_at: o.created_at,
          updated_at: o.created_at,
        })),
      )
      .execute();

  // Shipping zones and methods: arrays as JSON, money and weight bands in thousandths (millimes,
  // grams), as migration 033 stores them.
  for (const z of shippingZones)
    await db
      .insertInto('shipping_zones')
      .values({
        id: z.id,
        name: z.name,
        countries: JSON.stringify(z.countries),
        governorates: JSON.stringify(z.governorates),
        position: z.position,
        created_at: z.created_at,
        updated_at: z.updated_at,
      })
      .execute();
  for (const m of shippingMethods) {
    await db
      .insertInto('shipping_methods')
      .values({
        id: m.id,
        name_en: m.name.en,
        name_fr: m.name.fr,
        name_ar: m.name.ar,
        rate_kind: m.rate_kind,
        flat_price: millimesOrNull(m.flat_price),
        bands: JSON.stringify(
          m.bands.map((band) => ({
            up_to: millimesOrNull(band.up_to),
            price: millimes(band.price),
          })),
        ),
        free_above: millimesOrNull(m.free_above),
        cod_fee: millimesOrNull(m.cod_fee),
        carrier: m.carrier,
        tracking_url_template: m.tracking_url_template,
        is_active: bit(m.is_active),
        position: m.position,
        created_at: m.created_at,
        updated_at: m.updated_at,
      })
      .execute();
    for (const zone_id of m.zone_ids)
      await db.insertInto('shipping_method_zones').values({ method_id: m.id, zone_id }).execute();
  }

  for (const o of orderDetails) {
    await db
      .insertInto('orders')
      .values({
        id: o.id,
        order_number: o.order_number,
        status: o.status,
        payment_method: o.payment_method,
        customer_id: o.customer_id,
        customer_email: o.customer_email,
        customer_type: o.customer_type,
        customer_country_code: o.customer_country_code,
        vat_number: o.vat_number,
        vat_reverse_charge: bit(o.vat_reverse_charge),
        vat_treatment: o.vat_treatment,
        vat_number_check: o.vat_number_check ? JSON.stringify(o.vat_number_check) : null,
        vat_number_review: o.vat_number_review,
        subtotal: millimes(o.subtotal),
        vat_amount: millimes(o.vat_amount),
        shipping_amount: millimes(o.shipping_amount),
        shipping_vat_amount: millimes(o.shipping_vat_amount),
        discount_amount: millimes(o.discount_amount),
        // The fixtures' orders date from 2025, before #30: a stamp duty of 0 is one they were
        // never charged (null), whose invoices add the settings' on top, as the fixtures show.
        stamp_duty_amount:
          millimes(o.stamp_duty_amount) === 0 ? null : millimes(o.stamp_duty_amount),
        total_amount: millimes(o.total_amount),
        payment_status: o.payment_status,
        amount_paid: millimes(o.amount_paid),
        balance_due: millimes(o.balance_due),
        currency: o.currency,
        shipping_address: JSON.stringify(o.shipping_address),
        notes: o.notes,
        language: o.language,
        // The method frozen at checkout, money in millimes (migration 033).
        shipping_method_id: o.shipping_method?.id ?? null,
        shipping_method:
          o.shipping_method === null
            ? null
            : JSON.stringify({
                name: o.shipping_method.name,
                carrier: o.shipping_method.carrier,
                tracking_url_template: o.shipping_method.tracking_url_template,
                price: millimes(o.shipping_method.price),
                cod_fee: millimes(o.shipping_method.cod_fee),
              }),
        created_at: o.created_at,
        updated_at: o.updated_at,
      })
      .execute();
    if (o.items.length > 0)
      await db
        .insertInto('order_items')
        .values(
          o.items.map((i) => ({
            id: i.id,
            order_id: o.id,
            product_id: i.product_id,
            variant_id: i.variant_id,
            product_name: i.product_name,
            variant_title: i.variant_title,
            product_sku: i.product_sku,
            quantity: i.quantity,
            unit_price: millimes(i.unit_price),
            unit_price_incl_vat: millimes(i.unit_price_incl_vat),
            vat_rate_bp: Math.round(i.vat_rate * 100),
            vat_amount: millimes(i.vat_amount),
            total_price: millimes(i.total_price),
            total_price_incl_vat: millimes(i.total_price_incl_vat),
          })),
        )
        .execute();
    if (o.status_history.length > 0)
      await db
        .insertInto('order_status_history')
        .values(
          o.status_history.map((h) => ({
            id: h.id,
            order_id: o.id,
            from_status: h.from_status,
            to_status: h.to_status,
            note: h.note,
            changed_by_admin_id: h.changed_by_admin_id,
            changed_by: h.changed_by,
            created_at: h.created_at,
          })),
        )
        .execute();
  }

  // Issued documents: the frozen content is the contract's Invoice without its id.
  const idOfUsername = new Map(adminUsers.map((u) => [u.username, u.id]));
  for (const { id, ...content } of invoices) {
    const [, year, sequence] = /-(\d{4})-(\d+)$/.exec(content.number) ?? [];
    await db
      .insertInto('invoices')
      .values({
        id,
        kind: content.kind,
        number: content.number,
        year: Number(year),
        sequence: Number(sequence),
        order_id: content.order_id,
        credits_invoice_id: content.credits?.id ?? null,
        content: JSON.stringify(content),
        issued_by_admin_id:
          content.issued_by === null ? null : (idOfUsername.get(content.issued_by) ?? null),
        issued_at: content.issued_at,
      })
      .execute();
  }
  const counters = new Map<
    string,
    { kind: 'invoice' | 'credit_note'; year: number; last: number }
  >();
  for (const d of invoices) {
    const [, year, sequence] = /-(\d{4})-(\d+)$/.exec(d.number) ?? [];
    const key = `${d.kind}-${year}`;
    const last = Math.max(counters.get(key)?.last ?? 0, Number(sequence));
    counters.set(key, { kind: d.kind, year: Number(year), last });
  }
  if (counters.size > 0)
    await db
      .insertInto('document_counters')
      .values(
        [...counters.values()].map((c) => ({ kind: c.kind, year: c.year, last_sequence: c.last })),
      )
      .execute();

  await db
    .insertInto('stock_movements')
    .values(
      stockMovements.map((m) => ({
        id: m.id,
        kind: m.kind,
        variant_id: m.variant_id,
        order_id: m.order_id,
        order_status: m.order_status,
        import_file: m.import_file,
        sku: m.sku,
        title: m.title,
        delta: m.delta,
        reason: m.reason,
        stock_before: m.stock_before,
        stock_after: m.stock_after,
        admin_user_id: m.admin_user_id,
        created_at: m.created_at,
      })),
    )
    .execute();

  // Payments and remittances (mocks/fixtures/payments.ts), after the documents refunds name.
  if (remittances.length > 0)
    await db
      .insertInto('payment_remittances')
      .values(
        remittances.map((r) => ({
          id: r.id,
          carrier: r.carrier,
          received_on: r.received_on,
          reference: r.reference,
          reference_key: remittanceKey(r.carrier, r.reference),
          total_amount: millimes(r.total_amount),
          fee_amount: millimes(r.fee_amount),
          withheld_amount: millimes(r.withheld_amount),
          order_count: r.order_count,
          created_by_admin_id:
            r.created_by === null ? null : (idOfUsername.get(r.created_by) ?? null),
          created_by: r.created_by,
          created_at: r.created_at,
        })),
      )
      .execute();
  if (orderPayments.length > 0)
    await db
      .insertInto('order_payments')
      .values(
        orderPayments.map((p) => ({
          id: p.id,
          order_id: p.order_id,
          amount: millimes(p.amount),
          withholding_amount: millimes(p.withholding_amount),
          withholding_certificate: p.withholding_certificate,
          method: p.method,
          received_on: p.received_on,
          reference: p.reference,
          credit_note_id: p.credit_note_id,
          remittance_id: p.remittance_id,
          recorded_by_admin_id:
            p.recorded_by === null ? null : (idOfUsername.get(p.recorded_by) ?? null),
          recorded_by: p.recorded_by,
          created_at: p.created_at,
          removed_at: p.removed_at,
          removed_by: p.removed_by,
        })),
      )
      .execute();

  await db
    .insertInto('audit_log')
    .values(
      auditEntries.map((e) => ({
        id: e.id,
        created_at: e.created_at,
        admin_user_id: e.admin_user_id,
        admin_username: e.admin_username,
        action: e.action,
        entity: e.entity,
        entity_id: e.entity_id,
        label: e.label,
        changes: JSON.stringify(e.changes),
      })),
    )
    .execute();

  // The jobs but the ones the test app's worker would run (a queued or running e-mail): it sends
  // e-mails only, and leaves a job of another kind as it is.
  await db
    .insertInto('jobs')
    .values(
      jobs.filter(isLoadedJob).map((j) => ({
        id: j.id,
        kind: j.kind,
        payload: '{}',
        status: j.status,
        attempts: j.attempts,
        max_attempts: j.max_attempts,
        run_at: j.run_at,
        locked_until: null,
        last_error: j.last_error,
        unique_key: null,
        created_at: j.created_at,
        finished_at: j.finished_at,
      })),
    )
    .execute();

  // Staff (draft) orders: what the admin entered; the server prices them when read.
  for (const d of draftOrders) {
    await db
      .insertInto('draft_orders')
      .values({
        id: d.id,
        customer_id: d.customer_id,
        guest_name: d.guest?.name ?? null,
        guest_phone: d.guest?.phone ?? null,
        guest_email: d.guest?.email ?? null,
        customer_type: null,
        vat_number: null,
        vat_number_set: 0,
        customer_country_code: null,
        shipping_address: JSON.stringify(d.shipping_address),
        shipping_name: `${d.shipping_address.first_name} ${d.shipping_address.last_name}`,
        shipping_amount: millimes(d.shipping_amount),
        payment_method: d.payment_method,
        notes: d.notes,
        created_by_admin_id:
          d.created_by === null ? null : (idOfUsername.get(d.created_by) ?? null),
        created_at: d.created_at,
        updated_at: d.updated_at,
      })
      .execute();
    if (d.lines.length > 0)
      await db
        .insertInto('draft_order_lines')
        .values(
          d.lines.map((l, position) => ({
            id: l.id,
            draft_order_id: d.id,
            variant_id: l.variant_id,
            quantity: l.quantity,
            unit_price_override: millimesOrNull(l.unit_price_override),
            override_reason: l.override_reason,
            position,
          })),
        )
        .execute();
  }

  // Discounts: percent in basis points of a percent (12.5 % = 1250), money in millimes; the
  // status is the server's to derive.
  for (const d of discounts) {
    await db
      .insertInto('discounts')
      .values({
        id: d.id,
        name: d.name,
        code: d.code,
        kind: d.kind,
        percent_bp: d.percent === null ? null : Math.round(d.percent * 100),
        amount: millimesOrNull(d.amount),
        scope: d.scope,
        minimum_subtotal: millimesOrNull(d.minimum_subtotal),
        starts_on: d.starts_on,
        ends_on: d.ends_on,
        usage_limit: d.usage_limit,
        usage_limit_per_customer: d.usage_limit_per_customer,
        usage_count: d.usage_count,
        is_active: bit(d.is_active),
        created_at: d.created_at,
        updated_at: d.updated_at,
      })
      .execute();
    for (const product_id of d.product_ids)
      await db.insertInto('discount_products').values({ discount_id: d.id, product_id }).execute();
    for (const category_id of d.category_ids)
      await db
        .insertInto('discount_categories')
        .values({ discount_id: d.id, category_id })
        .execute();
  }

  // The settings' history (the settings row itself stays the server's own).
  await db
    .insertInto('shop_settings_changes')
    .values(
      shopSettingsChanges.map((c) => ({
        id: c.id,
        changed_by_admin_id:
          c.changed_by === null ? null : (idOfUsername.get(c.changed_by) ?? null),
        changes: JSON.stringify(c.changes),
        created_at: c.created_at,
      })),
    )
    .execute();

  if (dialect === 'postgres')
    for (const table of [...TABLES.filter((t) => !WITHOUT_ID.has(t)), 'admin_users'])
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
}

/**
 * The bearer header of a new session of a loaded admin user (fixtures' id, e.g. 1 for the super
 * admin `admin` the stories sign in as).
 */
export async function fixtureAdminAuth(t: TestApp, adminId: number): Promise<AuthHeaders> {
  const now = t.ctx.now();
  const { sessionId } = await startSession(t.database.db, {
    userType: 'admin',
    userId: adminId,
    now,
    client: { ip: '127.0.0.1', userAgent: null },
  });
  const token = await t.ctx.tokens.sign({ userType: 'admin', userId: adminId, sessionId }, now);
  return { authorization: `Bearer ${token}` };
}

/** The second factors of a fixture admin for a while (the mocks' factory arguments alike). */
export interface AdminFactors {
  /** A confirmed authenticator app (the fixtures' secret, sealed as the server seals it). */
  totp: boolean;
  /** How many passkeys the admin has (callerPasskeys: the mocks' first, ids kept). */
  passkeys: number;
  /** The shop requires a second factor of the admin's role. */
  required: boolean;
}

/**
 * An admin's first `count` passkeys: the mocks' (adminPasskeys), then more made up after them
 * (up to the bound, MAX_PASSKEYS), the same list for the server's rows and the mocks' arguments.
 */
export function callerPasskeys(count: number): Passkey[] {
  return Array.from(
    { length: count },
    (_, i) =>
      adminPasskeys[i] ?? {
        id: i + 1,
        name: `Key ${i + 1}`,
        created_at: '2025-03-01T10:00:00.000Z',
        last_used_at: null,
      },
  );
}

/**
 * Runs `work` while fixture admin `adminId` has `factors` as rows (admin_totp, admin_passkeys,
 * the shop's required roles), then takes them away again, whatever `work` did.
 */
export async function withAdminFactors<T>(
  t: TestApp,
  adminId: number,
  factors: AdminFactors,
  work: () => Promise<T>,
): Promise<T> {
  const db = t.database.db;
  const now = t.ctx.now().toISOString();
  const admin = adminUsers.find((u) => u.id === adminId);
  if (!admin) throw new Error(`No fixture admin ${adminId}`);
  const settings = await db
    .selectFrom('shop_settings')
    .select('two_factor_required_roles')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  try {
    if (factors.totp)
      await db
        .insertInto('admin_totp')
        .values({
          admin_user_id: adminId,
          secret: seal(t.ctx.config.jwtSecret, totpEnrolment.secret),
          confirmed_at: now,
          last_step: 0,
          created_at: now,
        })
        .execute();
    const passkeys = callerPasskeys(factors.passkeys);
    if (passkeys.length > 0)
      await db
        .insertInto('admin_passkeys')
        .values(
          passkeys.map((p) => ({
            id: p.id,
            admin_user_id: adminId,
            // No ceremony reads them: the 409s come before any WebAuthn check.
            credential_id: `credential-${p.id}`,
            public_key: `public-key-${p.id}`,
            counter: 0,
            transports: null,
            name: p.name,
            created_at: p.created_at,
            last_used_at: p.last_used_at,
          })),
        )
        .execute();
    if (factors.required)
      await db
        .updateTable('shop_settings')
        .set({ two_factor_required_roles: JSON.stringify([admin.role]) })
        .where('id', '=', 1)
        .execute();
    return await work();
  } finally {
    await db.deleteFrom('admin_totp').where('admin_user_id', '=', adminId).execute();
    await db.deleteFrom('admin_passkeys').where('admin_user_id', '=', adminId).execute();
    await db.updateTable('shop_settings').set(settings).where('id', '=', 1).execute();
  }
}

/**
 * Runs `work` while fixture admin `adminId` has exactly the mocks' sessions (adminSessions) open,
 * as the server stores them (auth_sessions rows, ids kept), with the bearer header of the one
 * the mocks mark current, then takes them away and reopens the admin's other sessions.
 */
export async function withAdminSessions<T>(
  t: TestApp,
  adminId: number,
  work: (headers: AuthHeaders) => Promise<T>,
): Promise<T> {
  const db = t.database.db;
  const now = t.ctx.now();
  // Open until a day from now, whatever the clock: the list leaves out expired sessions.
  const expiresAt = new Date(now.getTime() + 86_400_000).toISOString();
  const others = await db
    .selectFrom('auth_sessions')
    .select('id')
    .where('user_type', '=', 'admin')
    .where('user_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .execute();
  const ids = adminSessions.map((s) => s.id);
  const current = adminSessions.find((s) => s.current);
  if (!current) throw new Error('No current session in the fixtures');
  try {
    // The admin's own sessions (the test's sign-in) are hidden for a while, not ended.
    if (others.length > 0)
      await db
        .updateTable('auth_sessions')
        .set({ revoked_at: now.toISOString() })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
    await db
      .insertInto('auth_sessions')
      .values(
        adminSessions.map((s) => ({
          id: s.id,
          user_type: 'admin' as const,
          user_id: adminId,
          created_at: s.created_at,
          last_used_at: s.last_used_at,
          expires_at: expiresAt,
          ip_address: s.ip_address,
          user_agent: s.user_agent,
          revoked_at: null,
        })),
      )
      .execute();
    const token = await t.ctx.tokens.sign(
      { userType: 'admin', userId: adminId, sessionId: current.id },
      now,
    );
    return await work({ authorization: `Bearer ${token}` });
  } finally {
    await db.deleteFrom('auth_sessions').where('id', 'in', ids).execute();
    if (others.length > 0)
      await db
        .updateTable('auth_sessions')
        .set({ revoked_at: null })
        .where(
          'id',
          'in',
          others.map((o) => o.id),
        )
        .execute();
  }
}

/**
 * Runs `work` while the test app's backup folder holds the mocks' kept backups (fixtures'
 * backups): each archive as a sparse file of the fixture's size, its manifest beside it (as
 * the server's store keeps them), then removes them.
 */
export async function withBackupFiles<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  const store = backupStore(t.ctx.config);
  await ensureWorkDir(store);
  const paths = backups.map((b) => join(store.workDir, b.name));
  try {
    for (const [i, b] of backups.entries()) {
      const { size_bytes, ...facts } = b;
      const manifest: Manifest = {
        ...facts,
        format: 1,
        schema: null,
        uploads: { storage: 'local', count: 0 },
        files: {},
      };
      await writeFile(`${paths[i]}.json`, JSON.stringify(manifest, null, 2) + '\n');
      await writeFile(paths[i]!, '');
      await truncate(paths[i]!, size_bytes);
    }
    return await work();
  } finally {
    for (const path of paths) await rm(path, { force: true });
    for (const path of paths) await rm(`${path}.json`, { force: true });
  }
}

/** Where the rows withOrderTimelineRecords adds start: after every fixture's id. */
const TIMELINE_ROW_IDS = 9_000;

/**
 * Runs `work` while the server holds the records behind the mocks' order timelines (timelineOf
 * of each fixture order) that the loaded fixtures lack: the stock taken at checkout and given
 * back on a cancel (ledger rows of the order, in place of the ledger fixture's own order
 * movements, which no mock timeline shows), the internal notes and the shipments. Then the
 * ledger is as loaded again and the notes and shipments are gone.
 */
export async function withOrderTimelineRecords<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  const db = t.database.db;
  const idOfUsername = new Map(adminUsers.map((u) => [u.username, u.id]));
  const adminId = (username: string | null) =>
    username === null ? null : (idOfUsername.get(username) ?? null);
  const ledger = await db
    .selectFrom('stock_movements')
    .selectAll()
    .where('order_id', 'is not', null)
    .orderBy('id')
    .execute();
  const movements = [];
  const notes = [];
  const shipments = [];
  let id = TIMELINE_ROW_IDS;
  for (const order of orderDetails)
    for (const event of timelineOf(order)) {
      id += 1;
      const by = adminId(event.changed_by);
      const at = event.created_at;
      if (event.type === 'stock_movement') {
        const item = order.items.find((i) => i.variant_id === event.variant_id);
        const moved = order.status_history.find((h) => h.created_at === at);
        movements.push({
          id,
          kind: event.kind,
          variant_id: event.variant_id,
          order_id: order.id,
          order_status: event.kind === 'cancel' ? (moved?.to_status ?? null) : null,
          import_file: null,
          // An order line without a SKU: a simple product's placeholder (the ledger's SKU).
          sku: event.sku ?? PLACEHOLDER_SKU,
          title: [item?.product_name ?? event.sku, item?.variant_title].filter(Boolean).join(' — '),
          delta: event.quantity_change,
          reason: event.reason,
          // Not on a timeline; a stock the movement could have been made from.
          stock_before: 100,
          stock_after: 100 + event.quantity_change,
          admin_user_id: by,
          created_at: at,
        });
      } else if (event.type === 'note')
        notes.push({ id, order_id: order.id, note: event.note, admin_user_id: by, created_at: at });
      else if (event.type === 'shipment')
        shipments.push({
          id,
          order_id: order.id,
          carrier: event.carrier,
          tracking_number: event.tracking_number,
          admin_user_id: by,
          created_at: at,
        });
    }
  try {
    await db.deleteFrom('stock_movements').where('order_id', 'is not', null).execute();
    if (movements.length > 0) await db.insertInto('stock_movements').values(movements).execute();
    if (notes.length > 0) await db.insertInto('order_notes').values(notes).execute();
    if (shipments.length > 0) await db.insertInto('order_shipments').values(shipments).execute();
    return await work();
  } finally {
    await db.deleteFrom('order_shipments').where('id', '>', TIMELINE_ROW_IDS).execute();
    await db.deleteFrom('order_notes').where('id', '>', TIMELINE_ROW_IDS).execute();
    await db.deleteFrom('stock_movements').where('id', '>', TIMELINE_ROW_IDS).execute();
    if (ledger.length > 0) await db.insertInto('stock_movements').values(ledger).execute();
  }
}

/**
 * Runs `work` while the server holds the mocks' API tokens (their secrets unknown: a hash no
 * secret has), made by the admin their fixture names, then removes them.
 */
export async function withApiTokens<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  const db = t.database.db;
  const ids = apiTokens.map((token) => token.id);
  try {
    for (const token of apiTokens) {
      const admin = await db
        .selectFrom('admin_users')
        .select('id')
        .where('username', '=', token.created_by ?? '')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('api_tokens')
        .values({
          id: token.id,
          name: token.name,
          prefix: token.prefix,
          secret_hash: '0'.repeat(64),
          scopes: JSON.stringify(token.scopes),
          created_by_admin_id: admin.id,
          created_at: token.created_at,
          expires_at: token.expires_at,
          revoked_at: token.revoked_at,
          last_used_at: token.last_used_at,
          last_used_ip: token.last_used_ip,
        })
        .execute();
    }
    return await work();
  } finally {
    await db.deleteFrom('api_tokens').where('id', 'in', ids).execute();
  }
}

/**
 * Runs `work` while the server holds the mocks' webhook endpoints and deliveries (#31; their
 * secrets made up, their payloads empty: the lists show neither), then removes them.
 */
export async function withWebhooks<T>(t: TestApp, work: () => Promise<T>): Promise<T> {
  const db = t.database.db;
  try {
    for (const e of webhookEndpoints) {
      await db
        .insertInto('webhook_endpoints')
        .values({
          id: e.id,
          url: e.url,
          description: e.description,
          events: JSON.stringify(e.events),
          secret: `whsec_${Buffer.alloc(32, e.id).toString('base64')}`,
          enabled: e.enabled ? 1 : 0,
          disabled_at: e.disabled_at,
          failing_since: e.failing_since,
          created_at: e.created_at,
          updated_at: e.updated_at,
        })
        .execute();
    }
    for (const d of webhookDeliveries) {
      await db
        .insertInto('webhook_deliveries')
        .values({ ...d, payload: '{}', variant_id: null })
        .execute();
    }
    return await work();
  } finally {
    await db.deleteFrom('webhook_endpoints').execute();
  }
}
