// VAT rates: storage and rules (one default per country, validity period, successor, rates in
// basis points), and loadRates: what pricing.ts resolves the rate in force from (the one VAT
// resolution is domain/vat.ts: resolveRateInForce / countryDefaultInForce).
//
// Rules on writing (all 422 on the field, with a message saying why):
// - successor_id names another rate of the same country, starting after this rate's
//   effective_to (which is then required), and following successors never comes back here.
// - A default rate must be in force when it is made the default (or when a default is
//   deactivated or its period changed): an expired, scheduled or inactive default would leave
//   the country without a default in force. A default that later ends hands over to its
//   successor (countryDefaultInForce follows the chain).
// - A product or variant can only be given a rate that is active and not expired
//   (assignableRateIssue); a scheduled rate is allowed (the item is not sold until it starts).
//
// A change of law is a new rate named as successor, never an edit: changing rate or
// country_code is 409 once the rate has taken effect or is assigned (domain/rate-law.ts).
// Sending the stored value again is not a change (the console sends the whole form).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { fromBool, toBool } from '../../db/bool';
import type { Database, VatRateRow, VatRateUpdate as VatRateChanges } from '../../db/schema';
import type { Db } from '../../db/database';
import { isForeignKeyViolation } from '../../db/transaction';
import { rateInUseIssue, rateLawChangeIssue } from '../../domain/rate-law';
import { rateStatus, rateToBp, type RateRecord, type RateStatus } from '../../domain/vat';
import { percent } from '../../api/present';
import { conflict, invalid, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { optionalText, requiredText } from '../platform/text-input';
import { auditEntries, recordAudit, type AuditAction, type AuditActor } from '../platform/audit';

/** What the write operations need: the database and which SQL dialect it speaks. */
export type Store = Pick<AppContext, 'db' | 'dialect'>;

export type VatRateCreateInput = Schemas['VatRateCreate'];
export type VatRateUpdateInput = Schemas['VatRateUpdate'];

const VAT_RATE_NOT_FOUND = 'VAT rate not found';

interface RateUsage {
  products: number;
  variants: number;
}

type VatRate = Schemas['VatRate'];

function presentVatRate(
  row: VatRateRow,
  at: Date,
  usage: RateUsage = { products: 0, variants: 0 },
): Schemas['VatRate'] {
  return {
    id: Number(row.id),
    name: row.name,
    rate: percent(row.rate_bp),
    country_code: row.country_code,
    description: row.description,
    is_default: toBool(row.is_default),
    is_active: toBool(row.is_active),
    effective_from: row.effective_from,
    effective_to: row.effective_to,
    successor_id: row.successor_id === null ? null : Number(row.successor_id),
    status: rateStatus(toRecord(row), at),
    product_count: usage.products,
    variant_count: usage.variants,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The log names a rate by its name; its usage counts (undefined) are not its own fields. */
const vatRateKind = (at: Date) => ({
  entity: 'vat_rate' as const,
  view: (row: VatRateRow) => ({
    ...presentVatRate(row, at),
    product_count: undefined,
    variant_count: undefined,
  }),
  label: (rate: { name: string }) => rate.name,
});

/** Records writes of rates in the write's transaction. */
const auditRates = (
  trx: Db,
  actor: AuditActor,
  action: AuditAction,
  at: Date,
  rows: { before?: VatRateRow[]; after?: VatRateRow[] },
) => recordAudit(trx, actor, auditEntries(vatRateKind(at), action, rows));

export interface VatRateFilter {
  country_code?: string | undefined;
  is_active?: boolean | undefined;
}

/**
 * Every matching rate, by country, newest effective_from first, then name, with its status at
 * `at` (in force, scheduled, expired) and its usage counts.
 */
export async function listVatRates(db: Db, filter: VatRateFilter, at: Date): Promise<VatRate[]> {
  let query = db.selectFrom('vat_rates').selectAll();
  if (filter.country_code !== undefined) {
    query = query.where('country_code', '=', filter.country_code.toUpperCase());
  }
  if (filter.is_active !== undefined) {
    query = query.where('is_active', '=', fromBool(filter.is_active));
  }
  const [rows, usage] = await Promise.all([
    query
      .orderBy('country_code', 'asc')
      .orderBy('effective_from', 'desc')
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .execute(),
    usageByRate(db),
  ]);
  return rows.map((row) => presentVatRate(row, at, usage.get(Number(row.id))));
}

async function findVatRate(db: Db, id: number): Promise<VatRateRow | undefined> {
  return db.selectFrom('vat_rates').selectAll().where('id', '=', id).executeTakeFirst();
}

async function loadVatRate(db: Db, id: number): Promise<VatRateRow> {
  const row = await findVatRate(db, id);
  if (!row) throw notFound(VAT_RATE_NOT_FOUND);
  return row;
}

/** One rate with its status at `at` and its usage counts. */
async function presentWithUsage(db: Db, row: VatRateRow, at: Date): Promise<VatRate> {
  return presentVatRate(row, at, await countUsage(db, row.id));
}

export async function getVatRate(db: Db, id: number, at: Date): Promise<VatRate> {
  return presentWithUsage(db, await loadVatRate(db, id), at);
}

/** Every rate by id, as the VAT resolution needs them (a shop has a handful of rates). */
export async function loadRates(db: Db): Promise<Map<number, RateRecord>> {
  const rows = await db.selectFrom('vat_rates').selectAll().execute();
  return new Map(rows.map((r) => [Number(r.id), toRecord(r)]));
}

export function toRecord(row: VatRateRow): RateRecord {
  return {
    id: Number(row.id),
    rate_bp: Number(row.rate_bp),
    country_code: row.country_code,
    is_active: Number(row.is_active),
    is_default: Number(row.is_default),
    effective_from: row.effective_from,
    effective_to: row.effective_to,
    successor_id: row.successor_id === null ? null : Number(row.successor_id),
  };
}

/** How many products and variants are assigned each rate (ids without any are absent). */
async function usageByRate(db: Db): Promise<Map<number, RateUsage>> {
  const [products, variants] = await Promise.all([
    db
      .selectFrom('products')
      .select(['vat_rate_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('vat_rate_id')
      .execute(),
    db
      .selectFrom('variants')
      .select(['vat_rate_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('vat_rate_id', 'is not', null)
      .groupBy('vat_rate_id')
      .execute(),
  ]);
  const usage = new Map<number, RateUsage>();
  const entry = (id: number) => {
    let u = usage.get(id);
    if (!u) usage.set(id, (u = { products: 0, variants: 0 }));
    return u;
  };
  for (const p of products) entry(Number(p.id)).products = Number(p.n);
  for (const v of variants) if (v.id !== null) entry(Number(v.id)).variants = Number(v.n);
  return usage;
}

const day = (iso: string | null) => (iso === null ? '' : iso.slice(0, 10));

/** Why a product or variant cannot be given this rate now, or null when it can. */
export function assignableRateIssue(row: VatRateRow, at: Date): string | null {
  const status = rateStatus(toRecord(row), at);
  if (status === 'expired') {
    return `VAT rate "${row.name}" expired on ${day(row.effective_to)} and cannot be assigned; choose a rate in force${row.successor_id === null ? '' : ' (such as its successor)'}`;
  }
  if (status === 'inactive') {
    return `VAT rate "${row.name}" is inactive and cannot be assigned; choose a rate in force`;
  }
  return null;
}

/** Why this rate cannot be the default now, or null when it can. */
function defaultIssue(row: RateRecord & { name: string }, status: RateStatus): string | null {
  switch (status) {
    case 'in_force':
      return null;
    case 'expired':
      return `"${row.name}" cannot be the default rate: it expired on ${day(row.effective_to)} and the country would have no default rate in force`;
    case 'scheduled':
      return `"${row.name}" cannot be the default rate before it starts on ${day(row.effective_from)}: make it the successor of the current default instead`;
    case 'inactive':
      return `"${row.name}" cannot be the default rate: it is inactive and the country would have no default rate in force`;
  }
}

/** Checks successor_id of rate `self` (id null on creation) against the stored rates (422). */
async function checkSuccessor(
  db: Db,
  self: { id: number | null; country_code: string; effective_to: string | null },
  successorId: number | null,
): Promise<void> {
  if (successorId === null) return;
  const loc = ['body', 'successor_id'];
  if (successorId === self.id) throw invalid(loc, 'A VAT rate cannot be its own successor');
  const rates = await loadRates(db);
  const successor = rates.get(successorId);
  if (!successor) throw invalid(loc, 'Successor VAT rate not found');
  if (successor.country_code !== self.country_code) {
    throw invalid(loc, `The successor must be a rate of ${self.country_code}`);
  }
  if (self.effective_to === null) {
    throw invalid(
      loc,
      'A rate with a successor needs an effective_to (the day before the successor starts)',
    );
  }
  if (Date.parse(successor.effective_from) <= Date.parse(self.effective_to)) {
    throw invalid(
      loc,
      `The successor must start after this rate ends (${day(self.effective_to)}); it starts on ${day(successor.effective_from)}`,
    );
  }
  const seen = new Set<number>();
  for (let id: number | null = successorId; id !== null && !seen.has(id);) {
    if (id === self.id) throw invalid(loc, 'Successors must not loop back to this rate');
    seen.add(id);
    id = rates.get(id)?.successor_id ?? null;
  }
}

export async function createVatRate(
  store: Store,
  input: VatRateCreateInput,
  now: string,
  actor: AuditActor,
): Promise<VatRate> {
  const at = new Date(now);
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
    successor_id: input.successor_id ?? null,
    created_at: now,
    updated_at: now,
  };
  if (isDefault) {
    const issue = defaultIssue({ ...values, id: 0 }, rateStatus({ ...values, id: 0 }, at));
    if (issue) throw invalid(['body', 'is_default'], issue);
  }
  const row = await store.db.transaction().execute(async (trx) => {
    await checkSuccessor(trx, { id: null, ...values }, values.successor_id);
    if (isDefault) await clearOtherDefaults(trx, store.dialect, countryCode, null, now, actor);
    const row = await trx
      .insertInto('vat_rates')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditRates(trx, actor, 'create', at, { after: [row] });
    return row;
  });
  return presentWithUsage(store.db, row, new Date(now));
}

export async function updateVatRate(
  store: Store,
  id: number,
  input: VatRateUpdateInput,
  now: string,
  actor: AuditActor,
): Promise<VatRate> {
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
  if (input.successor_id !== undefined) changes.successor_id = input.successor_id;

  const row = await store.db.transaction().execute(async (trx) => {
    const current = await loadVatRate(trx, id);
    const lawChanged =
      (changes.rate_bp !== undefined && changes.rate_bp !== Number(current.rate_bp)) ||
      (changes.country_code !== undefined && changes.country_code !== current.country_code);
    if (lawChanged) {
      const at = new Date(now);
      const issue = rateLawChangeIssue(
        { ...current, status: rateStatus(toRecord(current), at) },
        await countUsage(trx, id),
        at,
      );
      if (issue) throw conflict(issue);
    }
    const from = changes.effective_from ?? current.effective_from;
    const to = changes.effective_to !== undefined ? changes.effective_to : current.effective_to;
    assertPeriod(from, to, input.effective_to !== undefined ? 'effective_to' : 'effective_from');

    const countryCode = changes.country_code ?? current.country_code;
    const isDefault = (changes.is_default ?? current.is_default) === 1;
    const result = toRecord({ ...current, ...changes });
    // A default must be in force when it becomes (or, deactivated or re-dated, stays) the default.
    const defaultTouched =
      input.is_default === true ||
      input.is_active !== undefined ||
      input.effective_from !== undefined ||
      input.effective_to !== undefined;
    if (isDefault && defaultTouched) {
      const issue = defaultIssue(
        { ...result, name: changes.name ?? current.name },
        rateStatus(result, new Date(now)),
      );
      if (issue)
        throw invalid(['body', input.is_default === true ? 'is_default' : 'is_active'], issue);
    }
    const successorTouched =
      input.successor_id !== undefined ||
      input.effective_to !== undefined ||
      input.country_code !== undefined;
    if (successorTouched) await checkSuccessor(trx, result, result.successor_id);
    if (isDefault) await clearOtherDefaults(trx, store.dialect, countryCode, id, now, actor);
    const updated = await trx
      .updateTable('vat_rates')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditRates(trx, actor, 'update', new Date(now), { before: [current], after: [updated] });
    return updated;
  });
  return presentWithUsage(store.db, row, new Date(now));
}

/** Deletes an unused rate; 409 naming how many products and variants still use it. */
export async function deleteVatRate(
  db: Kysely<Database>,
  id: number,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const before = await loadVatRate(trx, id);
      const usage = await countUsage(trx, id);
      if (usage.products > 0 || usage.variants > 0) throw conflict(usageMessage(usage));
      const predecessor = await trx
        .selectFrom('vat_rates')
        .select('name')
        .where('successor_id', '=', id)
        .executeTakeFirst();
      if (predecessor) {
        throw conflict(
          `VAT rate is the successor of "${predecessor.name}"; remove it from that rate first`,
        );
      }
      await trx.deleteFrom('vat_rates').where('id', '=', id).execute();
      await auditRates(trx, actor, 'delete', now, { before: [before] });
    });
  } catch (err) {
    // A product or variant took the rate between the count and the delete.
    if (isForeignKeyViolation(err)) throw conflict(usageMessage(await countUsage(db, id)));
    throw err;
  }
}

async function countUsage(
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

const usageMessage = (usage: RateUsage) => rateInUseIssue(usage);

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
  actor: AuditActor,
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
  const cleared = await query.returningAll().execute();
  await auditRates(trx, actor, 'update', new Date(now), {
    before: cleared.map((row) => ({ ...row, is_default: 1 })),
    after: cleared,
  });
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
