// Discount codes and automatic promotions: the admin's CRUD (#29, openapi/paths/discounts.yaml).
// A discount's status is derived (never stored) from today in the shop's time zone; its
// usage_count is kept by the orders' writers (usage.ts). Every write is audited.
import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import type { Selectable } from 'kysely';
import type { AdminUserRow, Database } from '../../db/schema';
import { filteredCount, searchIn, selectedPage, sortOrder } from '../../db/search';
import { conflict, invalid } from '../../api/problem';
import { moneyOrNull } from '../../api/present';
import type { Body, Query, Schemas } from '../../api/types';
import { toMillimes } from '../../domain/money';
import { parseScaled, toSafeNumber } from '../../domain/fixed-point';
import { shopDay } from '../../domain/payments';
import { discountStatus } from '../../domain/discount';
import { shopTimeZone } from '../platform/shop-settings';
import type { AuditKind } from '../platform/audit';
import { adminRecords, linkedIds } from '../platform/admin-records';

type Discount = Schemas['Discount'];
type DiscountStatus = Schemas['DiscountStatus'];
export type DiscountRow = Selectable<Database['discounts']>;

/** Today in the shop's calendar: the day the statuses and the rules are judged on. */
export async function shopToday(ctx: AppContext, db: Db = ctx.db): Promise<string> {
  return shopDay(ctx.now(), await shopTimeZone(db));
}

/** The same status as SQL over the discounts row `d`, for the list's filter. */
function statusIs(status: DiscountStatus, today: string): RawBuilder<SqlBool> {
  const inactive = sql<SqlBool>`d.is_active = 0`;
  const scheduled = sql<SqlBool>`(d.starts_on is not null and d.starts_on > ${today})`;
  const expired = sql<SqlBool>`(d.ends_on is not null and d.ends_on < ${today})`;
  const usedUp = sql<SqlBool>`(d.usage_limit is not null and d.usage_count >= d.usage_limit)`;
  switch (status) {
    case 'inactive':
      return inactive;
    case 'scheduled':
      return sql<SqlBool>`d.is_active = 1 and ${scheduled}`;
    case 'expired':
      return sql<SqlBool>`d.is_active = 1 and not ${scheduled} and ${expired}`;
    case 'used_up':
      return sql<SqlBool>`d.is_active = 1 and not ${scheduled} and not ${expired} and ${usedUp}`;
    case 'active':
      return sql<SqlBool>`d.is_active = 1 and not ${scheduled} and not ${expired} and not ${usedUp}`;
  }
}

function discountRows(db: Db) {
  return db.selectFrom('discounts as d').selectAll('d');
}

/** The product and category links of discounts, by discount id. */
async function linksOf(
  db: Db,
  ids: readonly number[],
): Promise<{ products: Map<number, number[]>; categories: Map<number, number[]> }> {
  if (ids.length === 0) return { products: new Map(), categories: new Map() };
  const products = await db
    .selectFrom('discount_products')
    .select(['discount_id', 'product_id'])
    .where('discount_id', 'in', ids)
    .orderBy('product_id')
    .execute();
  const categories = await db
    .selectFrom('discount_categories')
    .select(['discount_id', 'category_id'])
    .where('discount_id', 'in', ids)
    .orderBy('category_id')
    .execute();
  return {
    products: linkedIds(products, 'discount_id', 'product_id'),
    categories: linkedIds(categories, 'discount_id', 'category_id'),
  };
}

const percentOf = (bp: number | null) => (bp === null ? null : Number(bp) / 100);

function present(
  row: DiscountRow,
  links: Awaited<ReturnType<typeof linksOf>>,
  today: string,
): Discount {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    percent: percentOf(row.percent_bp),
    amount: moneyOrNull(row.amount === null ? null : Number(row.amount)),
    scope: row.scope,
    product_ids: links.products.get(row.id) ?? [],
    category_ids: links.categories.get(row.id) ?? [],
    minimum_subtotal: moneyOrNull(
      row.minimum_subtotal === null ? null : Number(row.minimum_subtotal),
    ),
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    usage_limit: row.usage_limit === null ? null : Number(row.usage_limit),
    usage_limit_per_customer:
      row.usage_limit_per_customer === null ? null : Number(row.usage_limit_per_customer),
    is_active: toBool(row.is_active),
    usage_count: Number(row.usage_count),
    status: discountStatus(
      {
        is_active: toBool(row.is_active),
        starts_on: row.starts_on,
        ends_on: row.ends_on,
        usage_limit: row.usage_limit === null ? null : Number(row.usage_limit),
        usage_count: Number(row.usage_count),
      },
      today,
    ),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function presentAll(db: Db, rows: readonly DiscountRow[], today: string) {
  const links = await linksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, links, today));
}

// ---------------------------------------------------------------------------------------------
// Reading

const SORT_COLUMNS = {
  created_at: 'd.created_at',
  name: 'd.name',
  // Automatic promotions (no code) last in either direction, as the console's lists put a
  // missing value; the prefix keeps that under any collation.
  code: {
    value: (direction: 'asc' | 'desc') =>
      direction === 'asc'
        ? sql`case when d.code is null then 'b' else 'a' || d.code end`
        : sql`case when d.code is null then 'a' else 'b' || d.code end`,
    name: 'code_sort',
  },
  usage_count: 'd.usage_count',
};

export async function listDiscounts(
  ctx: AppContext,
  q: Query<'listDiscounts'> & { skip: number; limit: number; sort: Schemas['DiscountSort'] },
): Promise<{ items: Discount[]; total: number }> {
  const { db } = ctx;
  const today = await shopToday(ctx);
  const filters = [
    ...searchIn(q.search, ['d.name', 'd.code']),
    ...(q.status === undefined ? [] : [statusIs(q.status, today)]),
  ];
  const count = db.selectFrom('discounts as d').select((eb) => eb.fn.countAll<number>().as('n'));
  const { rows, total } = await selectedPage(
    discountRows(db),
    {
      filters,
      order: sortOrder(q.sort, SORT_COLUMNS, 'd.id'),
      count: () => filteredCount(count, filters),
    },
    q,
  );
  return { items: await presentAll(db, rows, today), total };
}

async function findRow(db: Db, id: number): Promise<DiscountRow | undefined> {
  return discountRows(db).where('d.id', '=', id).executeTakeFirst();
}

export async function getDiscount(ctx: AppContext, id: number): Promise<Discount> {
  return discounts(await shopToday(ctx)).get(ctx.db, id);
}

// ---------------------------------------------------------------------------------------------
// Writing

type Input = Body<'createDiscount'>;

/** A discount as stored (its row but for what the database keeps itself), with its links. */
type Stored = Omit<
  DiscountRow,
  'id' | 'usage_count' | 'is_active' | 'created_at' | 'updated_at'
> & {
  is_active: boolean;
  product_ids: number[];
  category_ids: number[];
};

const field = (name: string) => ['body', name];

const millimesOrNull = (amount: string | null | undefined) =>
  amount === null || amount === undefined ? null : toMillimes(amount);

/** The input as it would be stored, after the rules of DiscountCreate (422 naming the field). */
function checked(input: Input): Stored {
  const name = input.name.trim();
  if (name === '') throw invalid(field('name'), 'Enter a name');
  const percent = input.percent ?? null;
  const amount = millimesOrNull(input.amount);
  const productIds = input.product_ids ?? [];
  const categoryIds = input.category_ids ?? [];
  if (input.kind === 'percent' && percent === null) {
    throw invalid(field('percent'), 'A percent discount needs a percent');
  }
  if (input.kind !== 'percent' && percent !== null) {
    throw invalid(field('percent'), 'Only a percent discount has a percent');
  }
  if (input.kind === 'fixed_amount' && amount === null) {
    throw invalid(field('amount'), 'A fixed amount discount needs an amount');
  }
  if (input.kind !== 'fixed_amount' && amount !== null) {
    throw invalid(field('amount'), 'Only a fixed amount discount has an amount');
  }
  if (amount !== null && amount <= 0) {
    throw invalid(field('amount'), 'The amount must be above 0');
  }
  if (input.scope === 'products' && productIds.length === 0) {
    throw invalid(field('product_ids'), 'Choose at least one product');
  }
  if (input.scope !== 'products' && productIds.length > 0) {
    throw invalid(field('product_ids'), 'Only a products scope has products');
  }
  if (input.scope === 'categories' && categoryIds.length === 0) {
    throw invalid(field('category_ids'), 'Choose at least one category');
  }
  if (input.scope !== 'categories' && categoryIds.length > 0) {
    throw invalid(field('category_ids'), 'Only a categories scope has categories');
  }
  const startsOn = input.starts_on ?? null;
  const endsOn = input.ends_on ?? null;
  if (startsOn !== null && endsOn !== null && endsOn < startsOn) {
    throw invalid(field('ends_on'), 'The end must not be before the start');
  }
  return {
    name,
    code: input.code ? input.code.toUpperCase() : null,
    kind: input.kind,
    percent_bp:
      percent === null ? null : toSafeNumber(parseScaled(percent, 2, 'Percent'), 'Percent'),
    amount,
    scope: input.scope,
    product_ids: [...productIds].sort((a, b) => a - b),
    category_ids: [...categoryIds].sort((a, b) => a - b),
    minimum_subtotal: millimesOrNull(input.minimum_subtotal),
    starts_on: startsOn,
    ends_on: endsOn,
    usage_limit: input.usage_limit ?? null,
    usage_limit_per_customer: input.usage_limit_per_customer ?? null,
    is_active: input.is_active ?? true,
  };
}

/** The 409s: a code another discount has, a product or category that does not exist. */
async function checkAgainstDatabase(trx: Db, d: Stored, selfId: number | null): Promise<void> {
  if (d.code !== null) {
    const other = await trx
      .selectFrom('discounts')
      .select(['id', 'name'])
      .where('code', '=', d.code)
      .executeTakeFirst();
    if (other && other.id !== selfId) {
      throw conflict(`The code "${d.code}" is already used by the discount "${other.name}"`);
    }
  }
  for (const [ids, table, what] of [
    [d.product_ids, 'products', 'Product'],
    [d.category_ids, 'categories', 'Category'],
  ] as const) {
    if (ids.length === 0) continue;
    const found = new Set(
      (await trx.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id),
    );
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw conflict(`${what} ${missing} does not exist`);
  }
}

async function writeLinks(trx: Transaction<Database>, id: number, d: Stored): Promise<void> {
  await trx.deleteFrom('discount_products').where('discount_id', '=', id).execute();
  await trx.deleteFrom('discount_categories').where('discount_id', '=', id).execute();
  if (d.product_ids.length > 0) {
    await trx
      .insertInto('discount_products')
      .values(d.product_ids.map((product_id) => ({ discount_id: id, product_id })))
      .execute();
  }
  if (d.category_ids.length > 0) {
    await trx
      .insertInto('discount_categories')
      .values(d.category_ids.map((category_id) => ({ discount_id: id, category_id })))
      .execute();
  }
}

const columnsOf = (d: Stored) => ({
  name: d.name,
  code: d.code,
  kind: d.kind,
  percent_bp: d.percent_bp,
  amount: d.amount,
  scope: d.scope,
  minimum_subtotal: d.minimum_subtotal,
  starts_on: d.starts_on,
  ends_on: d.ends_on,
  usage_limit: d.usage_limit,
  usage_limit_per_customer: d.usage_limit_per_customer,
  is_active: d.is_active ? (1 as const) : (0 as const),
});

/** How the audit log shows a discount: as the contract does, without the derived fields. */
const AUDITED: AuditKind<Discount, Omit<Discount, 'status' | 'usage_count'>> = {
  entity: 'discount',
  view: ({ status: _status, usage_count: _count, ...rest }) => rest,
  label: (d) => (d.code === null ? d.name : `${d.name} (${d.code})`),
};

type Admin = Pick<AdminUserRow, 'id' | 'username'>;

/** Discounts as the admin's CRUD reads them, their statuses judged on `today`. */
const discounts = (today: string) =>
  adminRecords<DiscountRow, Discount, Omit<Discount, 'status' | 'usage_count'>>({
    find: findRow,
    present: async (db, row) => (await presentAll(db, [row], today))[0]!,
    notFound: 'Discount not found',
    audit: AUDITED,
  });

export async function createDiscount(
  ctx: AppContext,
  input: Input,
  admin: Admin,
): Promise<Discount> {
  const d = checked(input);
  const at = ctx.now();
  const now = at.toISOString();
  const today = await shopToday(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    await checkAgainstDatabase(trx, d, null);
    const { id } = await trx
      .insertInto('discounts')
      .values({ ...columnsOf(d), usage_count: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLinks(trx, id, d);
    return discounts(today).created(trx, id, admin, at);
  });
}

/** The stored discount as an input, so that a PATCH is checked as the creation of its result. */
function asInput(d: Discount): Input {
  return {
    name: d.name,
    code: d.code,
    kind: d.kind,
    percent: d.percent,
    amount: d.amount,
    scope: d.scope,
    product_ids: d.product_ids,
    category_ids: d.category_ids,
    minimum_subtotal: d.minimum_subtotal,
    starts_on: d.starts_on,
    ends_on: d.ends_on,
    usage_limit: d.usage_limit,
    usage_limit_per_customer: d.usage_limit_per_customer,
    is_active: d.is_active,
  };
}

export async function updateDiscount(
  ctx: AppContext,
  id: number,
  patch: Body<'updateDiscount'>,
  admin: Admin,
): Promise<Discount> {
  const at = ctx.now();
  const today = await shopToday(ctx);
  return ctx.db.transaction().execute((trx) =>
    discounts(today).update(trx, id, admin, at, async (before) => {
      const d = checked({ ...asInput(before), ...patch });
      await checkAgainstDatabase(trx, d, id);
      await trx
        .updateTable('discounts')
        .set({ ...columnsOf(d), updated_at: at.toISOString() })
        .where('id', '=', id)
        .execute();
      await writeLinks(trx, id, d);
    }),
  );
}

export async function deleteDiscount(ctx: AppContext, id: number, admin: Admin): Promise<void> {
  const at = ctx.now();
  const today = await shopToday(ctx);
  await ctx.db.transaction().execute((trx) =>
    discounts(today).delete(trx, id, admin, at, async (row) => {
      const { n } = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('discount_id', '=', id)
        .executeTakeFirstOrThrow();
      // The orders that name it, or its usage_count when that says more (a shop moving in
      // brings its discounts' counts without their orders): either way it was used.
      const used = Math.max(Number(n), Number(row.usage_count));
      if (used > 0) {
        throw conflict(
          `The discount "${row.name}" was used by ${used} ${used === 1 ? 'order' : 'orders'}; deactivate it instead`,
        );
      }
      await trx.deleteFrom('discounts').where('id', '=', id).execute();
    }),
  );
}
