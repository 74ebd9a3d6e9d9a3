// Bulk loaders for a shop of any size: `npm run seed:demo -- --products N --orders M`, `npm run
// bench` and the e2e test of the 5,000-row shop. They write straight into the tables with
// multi-row INSERTs in one transaction (the services would take minutes for 100k rows), so they
// keep the rules the services keep by hand:
// - money in integer millimes, booleans 0/1, ISO-8601 UTC timestamps (db/schema.ts);
// - a simple product has one hidden default variant (is_default 1, title DEFAULT, its price
//   following base_price); a product with variants has several, the default-variant rule aside;
// - stock_quantity = Σ stock movements of the variant, each movement with its SKU, title,
//   before/after and order (services/inventory/stock.ts, migrations 005): the initial stock is a
//   movement, every order line takes its units (`Order <number>`), a cancelled or refunded order
//   gives them back, and a variant running short is restocked first;
// - order lines priced like the checkout (domain/vat.ts lineAmounts, orderAmounts), so
//   subtotal + VAT + shipping − discount = total and the lines add up to subtotal and VAT;
// - order numbers ORD-<day>-NNNN continuing each day's counter (order_number_counters).
// What the database derives from these rows by itself (generated columns, triggers) follows.
// Calling a loader again adds rows after the ones it made before (a bench grows 1k → 100k).
import { parseArgs } from 'node:util';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../db/database';
import type { Database, OrderStatus } from '../db/schema';
import { lineAmounts, orderAmounts, type LineAmounts } from '../domain/vat';
import { statusRules } from '../../../contract/order-status';
import { formatOrderNumber, orderDay } from '../services/orders/order-numbers';
import { movementOrigin, movementTitle, type MovementOf } from '../services/inventory/stock';

export interface ScaleTarget {
  db: Kysely<Database>;
  dialect: DialectName;
}

/** A small seeded generator (xorshift32): the same seed gives the same shop. */
function createRandom(seed: number) {
  let x = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Scale products are numbered from 1, each PRODUCT_STEP_MS after the previous one. */
const PRODUCT_EPOCH = Date.UTC(2021, 0, 4, 9, 0, 0);
const PRODUCT_STEP_MS = 10 * 60 * 1000;
/** Orders are spread over the ORDER_YEARS before `now`. */
const ORDER_YEARS = 4;
/** Every product with variants has these. */
const SIZES = ['S', 'M', 'L'] as const;
/** The supplier's restock before an order the stock could not serve: an admin's adjustment. */
const RESTOCK: MovementOf = { kind: 'adjustment', reason: 'Restocked by the supplier' };

/**
 * Rows per INSERT: SQLite binds at most 32,766 parameters per statement, PostgreSQL 65,535;
 * a little margin for the columns Kysely adds.
 */
function rowsPerInsert(dialect: DialectName, columns: number): number {
  return Math.floor((dialect === 'sqlite' ? 32_000 : 64_000) / columns);
}

/**
 * Inserts rows (all with the same columns) into a table in as few statements as the dialect
 * allows; with `key`, returns the ids of the new rows by that column's value.
 */
const rowInserter =
  (trx: Transaction<Database>, dialect: DialectName) =>
  async (table: keyof Database, rows: readonly object[], key?: string) => {
    const ids = new Map<string, number>();
    const size = rowsPerInsert(dialect, Object.keys(rows[0] ?? {}).length);
    for (let at = 0; at < rows.length; at += size) {
      const chunk = rows.slice(at, at + size) as never;
      if (!key) {
        await trx.insertInto(table).values(chunk).execute();
        continue;
      }
      const returned = await trx
        .insertInto(table)
        .values(chunk)
        .returning([sql<number>`id`.as('id'), sql<string>`${sql.ref(key)}`.as('key')])
        .execute();
      for (const row of returned) ids.set(row.key, row.id);
    }
    return ids;
  };

/** The number of the last scale product (0: none yet), from its SKU SC-S0000001… */
async function lastProductNumber(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('variants')
    .select((eb) => eb.fn.max('sku').as('sku'))
    .where('sku', 'like', 'SC-S%')
    .executeTakeFirst();
  return row?.sku ? Number(row.sku.slice(4, 11)) : 0;
}

/** Product number n → its code, unique as a search term: S0000001 is not inside S0000010. */
export const scaleProductCode = (n: number) => `S${String(n).padStart(7, '0')}`;

const ADJECTIVES = ['Olive Wood', 'Copper', 'Linen', 'Ceramic', 'Woven', 'Brass', 'Cotton', 'Cedar', 'Glazed', 'Hand-Painted', 'Stoneware', 'Wool'] as const; // prettier-ignore
const NOUNS = ['Bowl', 'Lamp', 'Cushion', 'Vase', 'Basket', 'Tray', 'Throw', 'Mug', 'Rug', 'Candle Holder', 'Jug', 'Scarf'] as const; // prettier-ignore
const BRANDS = ['Atelier Sidi', 'Medina Craft', 'Kerkennah', 'Djerba Home', 'Nabeul Pottery', null] as const; // prettier-ignore
const TAGS = ['handmade', 'gift', 'kitchen', 'decor', 'textile', 'outdoor', 'new'] as const;

async function ensureCategories(trx: Transaction<Database>, now: string): Promise<number[]> {
  const names = ['Kitchen', 'Living Room', 'Textiles', 'Lighting', 'Garden', 'Gifts'];
  const existing = await trx
    .selectFrom('categories')
    .select(['id', 'slug'])
    .where('slug', 'like', 'scale-%')
    .orderBy('id')
    .execute();
  if (existing.length > 0) return existing.map((c) => c.id);
  const rows = await trx
    .insertInto('categories')
    .values(
      names.map((name, i) => ({
        name,
        slug: `scale-${name.toLowerCase().replace(/ /g, '-')}`,
        description: `${name} (bulk-loaded)`,
        display_order: 100 + i,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The active TN rates by their weight in the catalogue (mostly the standard rate). */
async function productRates(db: Kysely<Database>): Promise<number[]> {
  const rates = await db
    .selectFrom('vat_rates')
    .select(['id', 'rate_bp', 'is_default'])
    .where('country_code', '=', 'TN')
    .where('is_active', '=', 1)
    .orderBy('id')
    .execute();
  const standard = rates.find((r) => r.is_default === 1) ?? rates[0];
  if (!standard) throw new Error('No active TN VAT rate: run the bootstrap first');
  return [...Array<number>(6).fill(standard.id), ...rates.map((r) => r.id)];
}

/** A variant row as the loader writes it (every column it sets, none left to defaults). */
interface ScaleVariant {
  product_id: number;
  is_default: 0 | 1;
  option_values: string;
  sku: string;
  variant_title: string;
  price: number;
  compare_at_price: number | null;
  cost_price: number | null;
  images: string;
  stock_quantity: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** Initial stock: some out of stock, some low, most plenty. */
const initialStock = (r: Random) => {
  const x = r.next();
  return x < 0.06 ? 0 : x < 0.14 ? r.int(1, 5) : r.int(20, 400);
};

/**
 * Adds `count` products numbered after the last one added: about four in five simple (their
 * default variant carries the stock), the others with three sizes; 95 % active. Names end with
 * their code (scaleProductCode), so any product, the oldest included, is found by search.
 */
export async function insertScaleProducts(
  { db, dialect }: ScaleTarget,
  count: number,
  seed = 1,
): Promise<{ products: number; variants: number }> {
  const first = (await lastProductNumber(db)) + 1;
  const r = createRandom(seed * 7_919 + first);
  const rates = await productRates(db);
  let variants = 0;
  await db.transaction().execute(async (trx) => {
    const categories = await ensureCategories(trx, new Date(PRODUCT_EPOCH).toISOString());
    const plans = Array.from({ length: count }, (_, i) => {
      const n = first + i;
      const code = scaleProductCode(n);
      const name = `${r.pick(ADJECTIVES)} ${r.pick(NOUNS)} ${code}`;
      const at = new Date(PRODUCT_EPOCH + n * PRODUCT_STEP_MS).toISOString();
      const price = r.int(10, 2_500) * 200;
      return {
        code,
        hasVariants: n % 5 === 0,
        row: {
          name,
          slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          description: `${name}: bulk-loaded product number ${n}.`,
          short_description: `Product ${code}`,
          category_id: r.pick(categories),
          brand: r.pick(BRANDS),
          has_variants: n % 5 === 0 ? 1 : 0,
          base_price: price,
          compare_at_price: r.next() < 0.1 ? Math.round(price * 1.25) : null,
          vat_rate_id: r.pick(rates),
          price_includes_vat: r.next() < 0.9 ? 1 : 0,
          images: '[]',
          is_active: r.next() < 0.95 ? 1 : 0,
          is_featured: r.next() < 0.03 ? 1 : 0,
          tags: JSON.stringify(
            [r.pick(TAGS), r.pick(TAGS)].filter((t, k, a) => a.indexOf(t) === k),
          ),
          created_at: at,
          updated_at: at,
        },
      } as const;
    });
    const insert = rowInserter(trx, dialect);
    const productIds = await insert(
      'products',
      plans.map((p) => p.row),
      'slug',
    );

    const variantRows = plans.flatMap((p): ScaleVariant[] => {
      const productId = productIds.get(p.row.slug);
      if (productId === undefined) throw new Error(`Product ${p.code} was not inserted`);
      const common = {
        product_id: productId,
        compare_at_price: p.row.compare_at_price,
        images: '[]',
        created_at: p.row.created_at,
        updated_at: p.row.created_at,
      };
      if (!p.hasVariants) {
        return [
          {
            ...common,
            is_default: 1,
            option_values: '{}',
            sku: `SC-${p.code}`,
            variant_title: 'DEFAULT',
            price: p.row.base_price,
            cost_price: null,
            stock_quantity: initialStock(r),
            position: 0,
          },
        ];
      }
      return SIZES.map((size, position) => {
        const price = p.row.base_price + position * 2_000;
        return {
          ...common,
          is_default: 0,
          option_values: JSON.stringify({ size }),
          sku: `SC-${p.code}-${size}`,
          variant_title: size,
          price,
          cost_price: Math.round(price * 0.55),
          stock_quantity: initialStock(r),
          position,
        };
      });
    });
    const variantIds = await insert('variants', variantRows, 'sku');
    variants = variantRows.length;

    const nameOf = new Map(plans.map((p) => [productIds.get(p.row.slug), p.row.name]));
    await insert(
      'stock_movements',
      variantRows
        .filter((v) => v.stock_quantity > 0)
        .map((v) => ({
          ...movementOrigin({ kind: 'inventory_update' }),
          variant_id: variantIds.get(v.sku) ?? null,
          sku: v.sku,
          title: movementTitle(nameOf.get(v.product_id) ?? '', v),
          delta: v.stock_quantity,
          stock_before: 0,
          stock_after: v.stock_quantity,
          admin_user_id: null,
          created_at: v.created_at,
        })),
    );
  });
  return { products: count, variants };
}

const FIRST_NAMES = ['Amira', 'Youssef', 'Salma', 'Mehdi', 'Ines', 'Karim', 'Nour', 'Sami', 'Leila', 'Hedi', 'Rania', 'Omar', 'Claire', 'Lukas', 'Giulia', 'Pablo'] as const; // prettier-ignore
const LAST_NAMES = ['Ben Ali', 'Trabelsi', 'Gharbi', 'Jaziri', 'Haddad', 'Mansour', 'Chaabane', 'Bouzid', 'Martin', 'Schneider', 'Rossi', 'Garcia'] as const; // prettier-ignore
const TN_CITIES = [['Tunis', '1000'], ['Sfax', '3000'], ['Sousse', '4000'], ['Nabeul', '8000'], ['Bizerte', '7000'], ['Ariana', '2080']] as const; // prettier-ignore
const EU = [
  { country: 'FR', city: 'Marseille', postal: '13001', vat: (k: number) => `FR12${String(k).padStart(9, '0')}` },
  { country: 'DE', city: 'Berlin', postal: '10115', vat: (k: number) => `DE1${String(k).padStart(8, '0')}` },
  { country: 'IT', city: 'Milano', postal: '20121', vat: (k: number) => `IT${String(k).padStart(11, '0')}` },
] as const; // prettier-ignore
/** Status shares, as in the demo: mostly delivered, some of everything. */
const STATUSES: [OrderStatus, number][] = [
  ['delivered', 40],
  ['pending', 12],
  ['shipped', 12],
  ['processing', 9],
  ['confirmed', 9],
  ['cancelled', 10],
  ['refunded', 8],
];
const NOTES = ['Please ring twice', 'Leave at the reception', 'Call before delivery'] as const;
const PAYMENT_METHODS = ['cash_on_delivery', 'cash_on_delivery', 'card', 'bank_transfer'] as const;

/** Customer k of the pool (the same k is the same customer in every call). */
function customerOf(k: number) {
  const first = FIRST_NAMES[k % FIRST_NAMES.length] ?? 'Amira';
  const last = LAST_NAMES[Math.floor(k / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Ben Ali';
  const eu = k % 20 === 7 ? EU[k % EU.length] : undefined;
  const professional = eu !== undefined || k % 10 === 3;
  const email = `${first}.${last}.${k}`.toLowerCase().replace(/[^a-z0-9.]+/g, '') + '@example.tn';
  const vatNumber = eu ? eu.vat(k) : professional ? `${String(k).padStart(7, '0')}A/A/M/000` : null;
  return {
    first,
    last,
    email,
    company: professional ? `${last} SARL` : null,
    country: eu?.country ?? 'TN',
    city: eu?.city,
    postal: eu?.postal,
    professional,
    reverseCharge: eu !== undefined,
    /** The order's columns about its buyer, a guest: the account is not needed to buy. */
    columns: {
      customer_id: null,
      customer_email: email,
      customer_type: professional ? ('professional' as const) : ('individual' as const),
      customer_country_code: eu?.country ?? 'TN',
      vat_number: vatNumber,
      vat_reverse_charge: eu ? (1 as const) : (0 as const),
      vat_number_check: vatNumber ? 'format_checked' : null,
    },
  };
}

/**
 * How the e-mail was typed on one order: mostly as is, some capitalised or in capitals. Never
 * padded: checkout refuses an e-mail with spaces around it, and the contract's order lists too.
 */
function typedEmail(email: string, r: Random): string {
  const x = r.next();
  if (x < 0.1)
    return email.replace(/(^|[.@])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
  if (x < 0.15) return email.toUpperCase();
  return email;
}

interface Sellable {
  id: number;
  productId: number;
  productName: string;
  sku: string;
  isDefault: number;
  variantTitle: string;
  price: number;
  includesVat: number;
  rateBp: number;
  tracked: boolean;
  stock: number;
}

/**
 * Adds `count` orders spread over the four years before `now` (in time order, numbered per day
 * after each day's last number), by a pool of up to 4,000 customers (guests: the shipping
 * e-mail says who; some typed capitalised or with spaces), 1 to 3 lines of active variants
 * each, every status and payment method, some professionals and EU businesses under the
 * reverse charge. Needs products (insertScaleProducts or any catalogue). `shippingNet`: the
 * server's SHIPPING_FLAT_RATE in millimes.
 */
export async function insertScaleOrders(
  { db, dialect }: ScaleTarget,
  count: number,
  { now, shippingNet, seed = 1 }: { now: Date; shippingNet: number; seed?: number },
): Promise<{ orders: number; customers: number }> {
  const done = Number(
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const r = createRandom(seed * 104_729 + done);
  const sellable = await loadSellable(db);
  if (sellable.length === 0) throw new Error('No active variant to order');
  const shopRate = await db
    .selectFrom('vat_rates')
    .select('rate_bp')
    .where('country_code', '=', 'TN')
    .where('is_default', '=', 1)
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  const pool = Math.max(1, Math.min(4_000, Math.ceil((done + count) / 4)));
  const counters = new Map(
    (await db.selectFrom('order_number_counters').selectAll().execute()).map((c) => [
      c.day,
      Number(c.last_value),
    ]),
  );
  const nowMs = now.getTime() - 60_000;
  const times = Array.from({ length: count }, () =>
    Math.floor(nowMs - r.next() * ORDER_YEARS * 365 * DAY_MS),
  ).sort((a, b) => a - b);
  const changed = new Set<Sellable>();

  await db.transaction().execute(async (trx) => {
    const insert = rowInserter(trx, dialect);
    const batch = 5_000;
    for (let start = 0; start < count; start += batch) {
      const plans = times.slice(start, start + batch).map((time, j) => {
        const i = done + start + j;
        const day = orderDay(new Date(time));
        const sequence = (counters.get(day) ?? 0) + 1;
        counters.set(day, sequence);
        const number = formatOrderNumber(day, sequence);
        const customer = customerOf(r.int(0, pool - 1));
        const picked = new Set<Sellable>();
        for (let l = r.pick([1, 1, 1, 2, 2, 3]); l > 0; l--) picked.add(r.pick(sellable));
        const lines = [...picked].map((v) => {
          const quantity = r.pick([1, 1, 1, 2, 3]);
          return {
            v,
            quantity,
            price: lineAmounts(v.price, v.includesVat, v.rateBp, quantity, customer.reverseCharge),
          };
        });
        const {
          subtotal,
          vatAmount,
          shippingAmount,
          shippingVatAmount,
          discountAmount,
          totalAmount,
        } = orderAmounts(
          lines.map((l): LineAmounts => l.price),
          shippingNet,
          customer.reverseCharge ? 0 : Number(shopRate.rate_bp),
        );
        // The first orders of a load cover every status; the others follow the shares.
        const status = STATUSES[start + j]?.[0] ?? weighted(r);
        const createdAt = new Date(time).toISOString();
        const updatedAt =
          status === 'pending'
            ? createdAt
            : new Date(Math.min(time + r.int(2, 240) * 3_600_000, nowMs)).toISOString();
        const [tnCity, tnPostal] = r.pick(TN_CITIES);
        const address = {
          first_name: customer.first,
          last_name: customer.last,
          company: customer.company,
          street_address: `${r.int(1, 220)} Avenue Habib Bourguiba`,
          apartment: null,
          city: customer.city ?? tnCity,
          state: null,
          postal_code: customer.postal ?? tnPostal,
          country: customer.country,
          phone: `+216 ${r.int(20, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`,
          email: typedEmail(customer.email, r),
        };
        return {
          number,
          status,
          lines,
          createdAt,
          updatedAt,
          row: {
            order_number: number,
            status,
            payment_method: customer.professional ? 'bank_transfer' : r.pick(PAYMENT_METHODS),
            ...customer.columns,
            currency: 'TND',
            total_amount: totalAmount,
            subtotal,
            vat_amount: vatAmount,
            shipping_amount: shippingAmount,
            shipping_vat_amount: shippingVatAmount,
            discount_amount: discountAmount,
            shipping_address: JSON.stringify(address),
            notes: i % 9 === 0 ? r.pick(NOTES) : null,
            created_at: createdAt,
            updated_at: updatedAt,
          },
        };
      });

      const orderIds = await insert(
        'orders',
        plans.map((p) => p.row),
        'order_number',
      );
      const items: object[] = [];
      const history: object[] = [];
      const movements: object[] = [];
      for (const p of plans) {
        const orderId = orderIds.get(p.number);
        if (orderId === undefined) throw new Error(`Order ${p.number} was not inserted`);
        history.push(historyRow(orderId, null, 'pending', p.createdAt));
        if (p.status !== 'pending') {
          history.push(historyRow(orderId, 'pending', p.status, p.updatedAt));
        }
        const givesBack = !statusRules(p.status).holdsStock;
        for (const { v, quantity, price } of p.lines) {
          const { rateBp, unitPrice, unitPriceInclVat, totalPrice, totalInclVat } = price;
          items.push({
            order_id: orderId,
            product_id: v.productId,
            variant_id: v.id,
            product_sku: v.sku,
            product_name: v.productName,
            variant_title: v.isDefault === 1 ? null : v.variantTitle,
            vat_rate_bp: rateBp,
            quantity,
            unit_price: unitPrice,
            unit_price_incl_vat: unitPriceInclVat,
            total_price: totalPrice,
            vat_amount: price.vatAmount,
            total_price_incl_vat: totalInclVat,
          });
          if (!v.tracked) continue;
          changed.add(v);
          if (v.stock < quantity) {
            movements.push(movementRow(v, RESTOCK, 50 + quantity, p.createdAt));
          }
          const order = { orderId, orderNumber: p.number };
          movements.push(movementRow(v, { kind: 'checkout', ...order }, -quantity, p.createdAt));
          if (givesBack) {
            const back: MovementOf = { kind: 'cancel', ...order, orderStatus: p.status };
            movements.push(movementRow(v, back, quantity, p.updatedAt));
          }
        }
      }
      await insert('order_items', items);
      await insert('order_status_history', history);
      await insert('stock_movements', movements);
    }

    await setStocks(trx, dialect, [...changed]);
    const days = [...counters];
    for (let at = 0; at < days.length; at += 1_000) {
      await trx
        .insertInto('order_number_counters')
        .values(days.slice(at, at + 1_000).map(([day, last]) => ({ day, last_value: last })))
        .onConflict((oc) =>
          oc.column('day').doUpdateSet({ last_value: (eb) => eb.ref('excluded.last_value') }),
        )
        .execute();
    }
  });
  return { orders: count, customers: pool };
}

function weighted(r: Random): OrderStatus {
  let x = r.next() * 100;
  for (const [status, share] of STATUSES) {
    x -= share;
    if (x < 0) return status;
  }
  return 'delivered';
}

const historyRow = (orderId: number, from: OrderStatus | null, to: OrderStatus, at: string) => ({
  order_id: orderId,
  from_status: from,
  to_status: to,
  note: null,
  changed_by_admin_id: null,
  changed_by: null,
  created_at: at,
});

/** One movement of `v`, applied to its running stock. */
function movementRow(v: Sellable, of: MovementOf, delta: number, at: string) {
  const before = v.stock;
  v.stock += delta;
  return {
    ...movementOrigin(of),
    variant_id: v.id,
    sku: v.sku,
    title: movementTitle(v.productName, { is_default: v.isDefault, variant_title: v.variantTitle }),
    delta,
    stock_before: before,
    stock_after: v.stock,
    admin_user_id: null,
    created_at: at,
  };
}

async function loadSellable(db: Kysely<Database>): Promise<Sellable[]> {
  const rows = await db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .innerJoin('vat_rates as r', (j) =>
      j.on(sql<boolean>`r.id = coalesce(v.vat_rate_id, p.vat_rate_id)`),
    )
    .orderBy('v.id')
    .select([
      'v.id',
      'v.product_id',
      'p.name',
      'v.sku',
      'v.is_default',
      'v.variant_title',
      'v.price',
      'p.price_includes_vat',
      'r.rate_bp',
      'v.track_inventory',
      'v.stock_quantity',
    ])
    // What a cart accepts: active variants of active products, a simple product's default one.
    .where((eb) =>
      eb.and([
        eb('p.is_active', '=', 1),
        eb('v.is_active', '=', 1),
        eb.or([eb('p.has_variants', '=', 0), eb('v.is_default', '=', 0)]),
      ]),
    )
    .execute();
  return rows.map((v) => ({
    id: v.id,
    productId: v.product_id,
    productName: v.name,
    sku: v.sku,
    isDefault: Number(v.is_default),
    variantTitle: v.variant_title,
    price: Number(v.price),
    includesVat: Number(v.price_includes_vat),
    rateBp: Number(v.rate_bp),
    tracked: Number(v.track_inventory) === 1,
    stock: Number(v.stock_quantity),
  }));
}

/** The variants' stock after their movements, in a few bulk UPDATE … FROM statements. */
async function setStocks(
  trx: Transaction<Database>,
  dialect: DialectName,
  variants: Sellable[],
): Promise<void> {
  const size = rowsPerInsert(dialect, 2);
  for (let at = 0; at < variants.length; at += size) {
    const values = sql.join(
      variants
        .slice(at, at + size)
        .map((v) => sql`(cast(${v.id} as integer), cast(${v.stock} as integer))`),
    );
    await sql`with x(id, stock) as (values ${values})
      update variants set stock_quantity = x.stock from x where variants.id = x.id`.execute(trx);
  }
}

/**
 * A shop of `products` products and `orders` orders (seed:demo's --products/--orders, the e2e
 * test of a large shop): the bulk loaders above, on a bootstrapped database (VAT rates).
 */
export async function seedScale(
  target: ScaleTarget,
  options: { products: number; orders: number; now: Date; shippingNet: number; seed?: number },
): Promise<{ products: number; variants: number; orders: number; customers: number }> {
  const products = await insertScaleProducts(target, options.products, options.seed);
  const orders =
    options.orders > 0
      ? await insertScaleOrders(target, options.orders, options)
      : { orders: 0, customers: 0 };
  return { ...products, ...orders };
}

/** seed:demo's `--products N --orders M` (either may be left out); null when neither is given. */
export function scaleArgs(args: string[]): { products: number; orders: number } | null {
  const { values } = parseArgs({
    args,
    options: { products: { type: 'string' }, orders: { type: 'string' } },
  });
  if (values.products === undefined && values.orders === undefined) return null;
  const count = (name: string, value = '0') => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
      throw new Error(`--${name} must be a whole number, got ${value}`);
    }
    return n;
  };
  const products = count('products', values.products);
  const orders = count('orders', values.orders);
  if (orders > 0 && products === 0)
    throw new Error('--orders needs --products (orders buy products)');
  return { products, orders };
}
