// VAT rates: storage and rules (one default per country, validity period, rates in basis
// points), plus the look-up other areas use to find a country's rate in effect at a date.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../context';
import { fromBool } from '../db/bool';
import type { Database, VatRateRow, VatRateUpdate as VatRateChanges } from '../db/schema';
import { isForeignKeyViolation } from '../db/transaction';
import { rateToBp } from '../domain/vat';
import { bool, percent } from '../http/present';
import { conflict, invalid, notFound } from '../http/problem';
import type { Schemas } from '../http/types';

type Db = Kysely<Database> | Transaction<Database>;
/** What the write operations need: the database and which SQL dialect it speaks. */
export type Store = Pick<AppContext, 'db' | 'dialect'>;

export type VatRateCreateInput = Schemas['VatRateCreate'];
export type VatRateUpdateInput = Schemas['VatRateUpdate'];

export const VAT_RATE_NOT_FOUND = 'VAT rate not found';

export function presentVatRate(row: VatRateRow): Schemas['VatRate'] {
  return {
    id: Number(row.id),
    name: row.name,
    rate: percent(row.rate_bp),
    country_code: row.country_code,
    description: row.description,
    is_default: bool(row.is_default),
    is_active: bool(row.is_active),
    effective_from: row.effective_from,
    effective_to: row.effective_to,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export interface VatRateFilter {
  country_code?: string | undefined;
  is_active?: boolean | undefined;
}

/** Every matching rate, by country, newest effective_from first, then name. */
export async function listVatRates(db: Db, filter: VatRateFilter = {}): Promise<VatRateRow[]> {
  let query = db.selectFrom('vat_rates').selectAll();
  if (filter.country_code !== undefined) {
    query = query.where('country_code', '=', filter.country_code.toUpperCase());
  }
  if (filter.is_active !== undefined) {
    query = query.where('is_active', '=', fromBool(filter.is_active));
  }
  return query
    .orderBy('country_code', 'asc')
    .orderBy('effective_from', 'desc')
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function findVatRate(db: Db, id: number): Promise<VatRateRow | undefined> {
  return db.selectFrom('vat_rates').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function getVatRate(db: Db, id: number): Promise<VatRateRow> {
  const row = await findVatRate(db, id);
  if (!row) throw notFound(VAT_RATE_NOT_FOUND);
  return row;
}

/**
 * The active default rate of a country in effect at `at` (effective_from ≤ at ≤ effective_to,
 * an open end counting as forever), or undefined when the country has none.
 */
export async function effectiveDefaultRate(
  db: Db,
  countryCode: string,
  at: Date,
): Promise<VatRateRow | undefined> {
  const when = at.toISOString();
  return db
    .selectFrom('vat_rates')
    .selectAll()
    .where('country_code', '=', countryCode.toUpperCase())
    .where('is_default', '=', 1)
    .where('is_active', '=', 1)
    .where('effective_from', '<=', when)
    .where((eb) => eb.or([eb('effective_to', 'is', null), eb('effective_to', '>=', when)]))
    .orderBy('effective_from', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function createVatRate(
  store: Store,
  input: VatRateCreateInput,
  now: string,
): Promise<VatRateRow> {
  const effectiveFrom = timestamp(input.effective_from, 'effective_from');
  const effectiveTo =
    input.effective_to == null ? null : timestamp(input.effective_to, 'effective_to');
  assertPeriod(effectiveFrom, effectiveTo, 'effective_to');
  const countryCode = input.country_code.toUpperCase();
  const isDefault = input.is_default === true;
  const values = {
    name: requiredText(input.name, 'name'),
    rate_bp: rateBp(input.rate),
    country_code: countryCode,
    description: optionalText(input.description),
    is_default: fromBool(isDefault),
    is_active: 1 as const,
    effective_from: effectiveFrom,
    effective_to: effectiveTo,
    created_at: now,
    updated_at: now,
  };
  return store.db.transaction().execute(async (trx) => {
    if (isDefault) await clearOtherDefaults(trx, store.dialect, countryCode, null, now);
    return trx.insertInto('vat_rates').values(values).returningAll().executeTakeFirstOrThrow();
  });
}

export async function updateVatRate(
  store: Store,
  id: number,
  input: VatRateUpdateInput,
  now: string,
): Promise<VatRateRow> {
  const changes: VatRateChanges = {};
  if (input.name !== undefined) changes.name = requiredText(input.name, 'name');
  if (input.rate !== undefined) changes.rate_bp = rateBp(input.rate);
  if (input.country_code !== undefined) changes.country_code = input.country_code.toUpperCase();
  if (input.description !== undefined) changes.description = optionalText(input.description);
  if (input.is_default !== undefined) changes.is_default = fromBool(input.is_default);
  if (input.is_active !== undefined) changes.is_active = fromBool(input.is_active);
  if (input.effective_from !== undefined) {
    changes.effective_from = timestamp(input.effective_from, 'effective_from');
  }
  if (input.effective_to !== undefined) {
    changes.effective_to =
      input.effective_to === null ? null : timestamp(input.effective_to, 'effective_to');
  }

  return store.db.transaction().execute(async (trx) => {
    const current = await getVatRate(trx, id);
    const from = changes.effective_from ?? current.effective_from;
    const to = changes.effective_to !== undefined ? changes.effective_to : current.effective_to;
    assertPeriod(from, to, input.effective_to !== undefined ? 'effective_to' : 'effective_from');

    const countryCode = changes.country_code ?? current.country_code;
    const isDefault = (changes.is_default ?? current.is_default) === 1;
    if (isDefault) await clearOtherDefaults(trx, store.dialect, countryCode, id, now);
    return trx
      .updateTable('vat_rates')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Deletes an unused rate; 409 naming how many products and variants still use it. */
export async function deleteVatRate(db: Kysely<Database>, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      await getVatRate(trx, id);
      const usage = await countUsage(trx, id);
      if (usage.products > 0 || usage.variants > 0) throw conflict(usageMessage(usage));
      await trx.deleteFrom('vat_rates').where('id', '=', id).execute();
    });
  } catch (err) {
    // A product or variant took the rate between the count and the delete.
    if (isForeignKeyViolation(err)) throw conflict(usageMessage(await countUsage(db, id)));
    throw err;
  }
}

export async function countUsage(
  db: Db,
  vatRateId: number,
): Promise<{ products: number; variants: number }> {
  const products = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vat_rate_id', '=', vatRateId)
    .executeTakeFirstOrThrow();
  const variants = await db
    .selectFrom('variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('vat_rate_id', '=', vatRateId)
    .executeTakeFirstOrThrow();
  return { products: Number(products.n), variants: Number(variants.n) };
}

export function usageMessage({ products, variants }: { products: number; variants: number }) {
  const parts: string[] = [];
  if (products > 0) parts.push(`${products} ${products === 1 ? 'product' : 'products'}`);
  if (variants > 0) parts.push(`${variants} ${variants === 1 ? 'variant' : 'variants'}`);
  const users = parts.length > 0 ? parts.join(' and ') : 'products or variants';
  return `VAT rate is used by ${users}; deactivate it instead`;
}

/**
 * Takes is_default away from the country's other rates. On PostgreSQL a transaction-scoped
 * advisory lock per country serialises these writers, so two concurrent "make default" calls
 * cannot both leave a default behind (SQLite serialises whole transactions anyway).
 */
async function clearOtherDefaults(
  trx: Transaction<Database>,
  dialect: Store['dialect'],
  countryCode: string,
  exceptId: number | null,
  now: string,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${`vat_rates.default.${countryCode}`}))`.execute(
      trx,
    );
  }
  let query = trx
    .updateTable('vat_rates')
    .set({ is_default: 0, updated_at: now })
    .where('country_code', '=', countryCode)
    .where('is_default', '=', 1);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  await query.execute();
}

function rateBp(rate: number): number {
  try {
    return rateToBp(rate);
  } catch (err) {
    if (err instanceof RangeError) {
      throw invalid(
        ['body', 'rate'],
        'Rate must be a percentage from 0 to 100 with at most 2 decimals',
      );
    }
    throw err;
  }
}

/** A date-time as stored: UTC ISO-8601 as produced by toISOString(), so text order is time order. */
function timestamp(value: string, field: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid(['body', field], 'Invalid date-time');
  return date.toISOString();
}

function assertPeriod(from: string, to: string | null, field: string): void {
  if (to !== null && from > to) {
    throw invalid(['body', field], 'effective_from must not be after effective_to');
  }
}

function requiredText(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalid(['body', field], 'Must not be blank');
  return trimmed;
}

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
