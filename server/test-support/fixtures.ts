// Rows written straight into the database, so a test of one area does not depend on another
// area's endpoints. Defaults are valid values; pass what the test is about.
import type { Insertable, Kysely } from 'kysely';
import type {
  CustomersTable,
  Database,
  NewCategory,
  NewProduct,
  NewVariant,
  NewVatRate,
} from '../src/db/schema';

export type NewCustomer = Insertable<CustomersTable>;

/** How many rows `table` holds (what a refused or dry-run request must leave as it was). */
export async function rowCount(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a bigint count as a string.
  return Number(n);
}

/**
 * Empties these tables, in the order given (children before parents), between tests. VAT rates
 * first lose their successor links, which would otherwise keep rates of the same table alive.
 */
export async function deleteAll(db: Kysely<Database>, tables: (keyof Database)[]): Promise<void> {
  for (const table of tables) {
    if (table === 'vat_rates')
      await db.updateTable('vat_rates').set({ successor_id: null }).execute();
    await db.deleteFrom(table).execute();
  }
}

let seq = 0;
const next = () => ++seq;
const now = () => new Date().toISOString();

export async function insertVatRate(db: Kysely<Database>, values: Partial<NewVatRate> = {}) {
  const n = next();
  return db
    .insertInto('vat_rates')
    .values({
      name: `VAT ${n}`,
      rate_bp: 1900,
      country_code: 'TN',
      description: null,
      is_default: 0,
      is_active: 1,
      effective_from: '2018-01-01T00:00:00.000Z',
      effective_to: null,
      created_at: now(),
      updated_at: now(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertCategory(db: Kysely<Database>, values: Partial<NewCategory> = {}) {
  const n = next();
  return db
    .insertInto('categories')
    .values({
      name: `Category ${n}`,
      slug: `category-${n}`,
      description: null,
      image_url: null,
      parent_id: null,
      is_active: 1,
      display_order: 0,
      created_at: now(),
      updated_at: now(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A product; creates a 19 % VAT rate when no vat_rate_id is given. */
export async function insertProduct(db: Kysely<Database>, values: Partial<NewProduct> = {}) {
  const n = next();
  const vat_rate_id = values.vat_rate_id ?? (await insertVatRate(db)).id;
  return db
    .insertInto('products')
    .values({
      name: `Product ${n}`,
      slug: `product-${n}`,
      description: `Description of product ${n}`,
      short_description: null,
      category_id: null,
      brand: null,
      has_variants: 0,
      base_price: 10_000,
      compare_at_price: null,
      vat_rate_id,
      price_includes_vat: 1,
      images: '[]',
      is_active: 1,
      is_featured: 0,
      meta_title: null,
      meta_description: null,
      tags: '[]',
      created_at: now(),
      updated_at: now(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertVariant(
  db: Kysely<Database>,
  product_id: number,
  values: Partial<NewVariant> = {},
) {
  const n = next();
  return db
    .insertInto('variants')
    .values({
      product_id,
      is_default: 0,
      option_values: '{}',
      sku: `SKU-${n}`,
      variant_title: `Variant ${n}`,
      price: 10_000,
      compare_at_price: null,
      cost_price: 5_000,
      vat_rate_id: null,
      barcode: null,
      weight: null,
      dimensions: null,
      images: '[]',
      stock_quantity: 10,
      low_stock_threshold: 5,
      track_inventory: 1,
      allow_backorder: 0,
      is_active: 1,
      position: 0,
      created_at: now(),
      updated_at: now(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A simple product with its hidden default variant (stock 10 unless told), as the API makes it. */
/** The id of the country's default VAT rate (the shop's, Tunisia, unless told). */
export async function defaultVatRateId(db: Kysely<Database>, countryCode = 'TN'): Promise<number> {
  const rate = await db
    .selectFrom('vat_rates')
    .select('id')
    .where('country_code', '=', countryCode)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  return rate.id;
}

export async function insertSimpleProduct(
  db: Kysely<Database>,
  product: Partial<NewProduct> = {},
  variant: Partial<NewVariant> = {},
): Promise<{ productId: number; variantId: number; name: string }> {
  const p = await insertProduct(db, product);
  const v = await insertVariant(db, p.id, {
    is_default: 1,
    sku: 'DEFAULT',
    variant_title: 'DEFAULT',
    price: p.base_price,
    ...variant,
  });
  return { productId: p.id, variantId: v.id, name: p.name };
}

/** How the API shows a customer who has given nothing but an e-mail address. */
export const newCustomerBody = (row: {
  id: number;
  email: string;
  created_at: string;
  updated_at: string;
}) => ({
  id: row.id,
  email: row.email,
  first_name: null,
  last_name: null,
  phone: null,
  customer_type: 'individual',
  company_name: null,
  vat_number: null,
  country_code: 'TN',
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** A customer account (individual, TN unless told). */
export async function insertCustomer(db: Kysely<Database>, values: Partial<NewCustomer> = {}) {
  const n = next();
  return db
    .insertInto('customers')
    .values({
      email: `buyer${n}@example.com`,
      first_name: 'Jane',
      last_name: 'Doe',
      phone: null,
      customer_type: 'individual',
      company_name: null,
      vat_number: null,
      country_code: 'TN',
      is_active: 1,
      created_at: now(),
      updated_at: now(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Changes a stored variant behind the API's back (stock, flags), as a test's premise. */
export const updateVariant = (db: Kysely<Database>, id: number, values: Partial<NewVariant>) =>
  db.updateTable('variants').set(values).where('id', '=', id).execute();

/** Changes a stored product behind the API's back, as a test's premise. */
export const updateProduct = (db: Kysely<Database>, id: number, values: Partial<NewProduct>) =>
  db.updateTable('products').set(values).where('id', '=', id).execute();

export type NewOrder = Insertable<Database['orders']>;

/**
 * An order written straight into the tables, as a bulk loader would (one item, no history):
 * shipped to `email` (as given, spaces and case kept) and to "Jane Doe" unless `shipping` says.
 */
export async function insertOrder(
  db: Kysely<Database>,
  values: Partial<NewOrder> & { email?: string; shipping?: Record<string, unknown> } = {},
) {
  const n = next();
  const { email = `buyer${n}@example.com`, shipping = {}, ...columns } = values;
  const at = now();
  return db
    .insertInto('orders')
    .values({
      order_number: `ORD-20250101-${String(n).padStart(6, '0')}`,
      status: 'pending',
      payment_method: 'cash_on_delivery',
      customer_id: null,
      customer_email: email.trim().toLowerCase(),
      customer_type: 'individual',
      customer_country_code: 'TN',
      vat_number: null,
      total_amount: 10_000,
      shipping_address: JSON.stringify({
        first_name: 'Jane',
        last_name: 'Doe',
        street_address: '1 Rue de Marseille',
        city: 'Tunis',
        postal_code: '1000',
        country: 'TN',
        phone: '+216 71 000 000',
        email,
        ...shipping,
      }),
      created_at: at,
      updated_at: at,
      ...columns,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(async (order) => {
      await db
        .insertInto('order_items')
        .values({
          order_id: order.id,
          product_id: null,
          variant_id: null,
          product_name: 'Bulk item',
          variant_title: null,
          product_sku: null,
          quantity: 1,
          unit_price: order.total_amount,
          unit_price_incl_vat: order.total_amount,
          vat_rate_bp: 0,
          total_price: order.total_amount,
          total_price_incl_vat: order.total_amount,
        })
        .execute();
      return order;
    });
}

/**
 * A webhook endpoint subscribed to `events`, enabled, as the server would have saved it (no
 * address check: a test of the outbox or of a delivery reads what it queued). Its id.
 */
export async function insertWebhookEndpoint(
  db: Kysely<Database>,
  events: readonly string[],
  values: { url?: string; at?: string } = {},
): Promise<number> {
  const at = values.at ?? now();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      url: values.url ?? 'https://erp.example.com/hooks',
      description: '',
      events: JSON.stringify(events),
      secret: `whsec_${Buffer.alloc(32, 3).toString('base64')}`,
      enabled: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
