// Shipping methods (#36, openapi/paths/shipping.yaml): the admin's CRUD, and the methods as the
// quotes read them. A method's rate is checked by domain/shipping.ts rateProblem (the mocks'
// rule too). Weight bands travel as kg with up to 3 decimals and are stored as grams; subtotal
// bands travel as Money and are stored as millimes. Every write is audited.
import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { toBool } from '../../db/bool';
import type { AdminUserRow, Database } from '../../db/schema';
import { conflict, invalid } from '../../api/problem';
import { json, money, moneyOrNull } from '../../api/present';
import type { Body, Schemas } from '../../api/types';
import { formatScaled, parseScaled, toSafeNumber } from '../../domain/fixed-point';
import { toMillimes } from '../../domain/money';
import {
  rateProblem,
  type MethodPricing,
  type RateBand,
  type RateKind,
} from '../../domain/shipping';
import { adminRecords, linkedIds } from '../platform/admin-records';

type Method = Schemas['ShippingMethod'];
export type MethodRow = Selectable<Database['shipping_methods']>;
type Admin = Pick<AdminUserRow, 'id' | 'username'>;

export const METHOD_NOT_FOUND = 'Shipping method not found';

/** Stored bands: up_to in grams or millimes (null: no limit), price in millimes. */
interface StoredBand {
  up_to: number | null;
  price: number;
}

function bandsOf(row: Pick<MethodRow, 'bands'>): RateBand[] {
  return json<StoredBand[]>(row.bands, []).map((b) => ({
    upTo: b.up_to === null ? null : Number(b.up_to),
    price: Number(b.price),
  }));
}

/** A method row's pricing, as domain/shipping.ts quoteShipping reads it. */
export function pricingOf(row: MethodRow): MethodPricing {
  return {
    rateKind: row.rate_kind,
    flatPrice: row.flat_price === null ? null : Number(row.flat_price),
    bands: bandsOf(row),
    freeAbove: row.free_above === null ? null : Number(row.free_above),
    codFee: row.cod_fee === null ? null : Number(row.cod_fee),
  };
}

export const methodName = (row: Pick<MethodRow, 'name_en' | 'name_fr' | 'name_ar'>) => ({
  en: row.name_en,
  fr: row.name_fr,
  ar: row.name_ar,
});

/** A band limit as the API writes it: kg with 3 decimals, or money. */
function upToText(kind: RateKind, upTo: number | null): string | null {
  if (upTo === null) return null;
  return kind === 'weight' ? formatScaled(BigInt(upTo), 3) : money(upTo);
}

/** The zones of methods, by method id (ascending zone ids). */
export async function zonesOfMethods(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('shipping_method_zones')
    .select(['method_id', 'zone_id'])
    .where('method_id', 'in', ids)
    .orderBy('zone_id')
    .execute();
  return linkedIds(rows, 'method_id', 'zone_id');
}

async function presentAll(db: Db, rows: readonly MethodRow[]): Promise<Method[]> {
  const zones = await zonesOfMethods(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: methodName(row),
    zone_ids: zones.get(row.id) ?? [],
    rate_kind: row.rate_kind,
    flat_price: moneyOrNull(row.flat_price === null ? null : Number(row.flat_price)),
    bands: bandsOf(row).map((b) => ({
      up_to: upToText(row.rate_kind, b.upTo),
      price: money(b.price),
    })),
    free_above: moneyOrNull(row.free_above === null ? null : Number(row.free_above)),
    cod_fee: moneyOrNull(row.cod_fee === null ? null : Number(row.cod_fee)),
    carrier: row.carrier,
    tracking_url_template: row.tracking_url_template,
    is_active: toBool(row.is_active),
    position: Number(row.position),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

const ordered = (db: Db) =>
  db.selectFrom('shipping_methods').selectAll().orderBy('position').orderBy('id');

export async function listShippingMethods(
  ctx: AppContext,
  q: { skip: number; limit: number },
): Promise<{ items: Method[]; total: number }> {
  const { db } = ctx;
  const rows = await ordered(db).limit(q.limit).offset(q.skip).execute();
  const { n } = await db
    .selectFrom('shipping_methods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { items: await presentAll(db, rows), total: Number(n) };
}

export const findMethodRow = (db: Db, id: number) =>
  db.selectFrom('shipping_methods').selectAll().where('id', '=', id).executeTakeFirst();

/** The active methods in offering order (position, then id). */
export const activeMethodRows = (db: Db) => ordered(db).where('is_active', '=', 1).execute();

const METHODS = adminRecords<MethodRow, Method, Method>({
  find: findMethodRow,
  present: async (db, row) => (await presentAll(db, [row]))[0]!,
  notFound: METHOD_NOT_FOUND,
  audit: { entity: 'shipping_method', view: (m) => m, label: (m) => m.name.en },
});

export async function getShippingMethod(ctx: AppContext, id: number): Promise<Method> {
  return METHODS.get(ctx.db, id);
}

type Input = Body<'createShippingMethod'>;
interface Stored {
  name: { en: string; fr: string; ar: string };
  zoneIds: number[];
  rateKind: RateKind;
  flatPrice: number | null;
  bands: RateBand[];
  freeAbove: number | null;
  codFee: number | null;
  carrier: string | null;
  trackingUrlTemplate: string | null;
  isActive: boolean;
  position: number | null;
}

const field = (...loc: (string | number)[]) => ['body', ...loc];
/** 'bands[1].up_to' → ['bands', 1, 'up_to'], the loc of a 422. */
const pathOf = (name: string): (string | number)[] =>
  name
    .split(/[[\].]+/)
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
const millimesOrNull = (amount: string | null | undefined) =>
  amount === null || amount === undefined ? null : toMillimes(amount);

/** The input as stored, after the rules of ShippingMethodInput (422 naming the field). */
function checked(input: Input): Stored {
  if (input.name === undefined) throw invalid(field('name'), 'Enter a name', 'missing');
  const name = {
    en: input.name.en.trim(),
    fr: input.name.fr.trim(),
    ar: input.name.ar.trim(),
  };
  for (const language of ['en', 'fr', 'ar'] as const) {
    if (name[language] === '') throw invalid(field('name', language), 'Enter a name');
  }
  if (input.zone_ids === undefined || input.zone_ids.length === 0) {
    throw invalid(field('zone_ids'), 'Choose at least one zone', 'missing');
  }
  if (input.rate_kind === undefined) {
    throw invalid(field('rate_kind'), 'Choose a rate: flat, weight or subtotal', 'missing');
  }
  const rateKind = input.rate_kind;
  const bands = (input.bands ?? []).map((b, i) => {
    if (b.up_to === null) return { upTo: null, price: toMillimes(b.price) };
    const upTo =
      rateKind === 'weight'
        ? toSafeNumber(parseScaled(b.up_to, 3, `bands[${i}].up_to`), 'Weight')
        : toMillimes(b.up_to);
    return { upTo, price: toMillimes(b.price) };
  });
  const flatPrice = millimesOrNull(input.flat_price);
  const problem = rateProblem({ rateKind, flatPrice, bands });
  if (problem !== null) throw invalid(field(...pathOf(problem.field)), problem.detail);
  const carrier = input.carrier?.trim() ? input.carrier.trim() : null;
  return {
    name,
    zoneIds: [...new Set(input.zone_ids)].sort((a, b) => a - b),
    rateKind,
    flatPrice,
    bands,
    freeAbove: millimesOrNull(input.free_above),
    codFee: millimesOrNull(input.cod_fee),
    carrier,
    trackingUrlTemplate: input.tracking_url_template ?? null,
    isActive: input.is_active ?? true,
    position: input.position ?? null,
  };
}

async function checkZones(db: Db, ids: readonly number[]): Promise<void> {
  const found = new Set(
    (await db.selectFrom('shipping_zones').select('id').where('id', 'in', ids).execute()).map(
      (r) => r.id,
    ),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw conflict(`Shipping zone ${missing} does not exist`);
}

async function writeZones(trx: Transaction<Database>, id: number, m: Stored): Promise<void> {
  await trx.deleteFrom('shipping_method_zones').where('method_id', '=', id).execute();
  await trx
    .insertInto('shipping_method_zones')
    .values(m.zoneIds.map((zone_id) => ({ method_id: id, zone_id })))
    .execute();
}

const columnsOf = (m: Stored) => ({
  name_en: m.name.en,
  name_fr: m.name.fr,
  name_ar: m.name.ar,
  rate_kind: m.rateKind,
  flat_price: m.flatPrice,
  bands: JSON.stringify(m.bands.map((b) => ({ up_to: b.upTo, price: b.price }))),
  free_above: m.freeAbove,
  cod_fee: m.codFee,
  carrier: m.carrier,
  tracking_url_template: m.trackingUrlTemplate,
  is_active: m.isActive ? (1 as const) : (0 as const),
});

async function nextPosition(db: Db): Promise<number> {
  const { p } = await db
    .selectFrom('shipping_methods')
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .executeTakeFirstOrThrow();
  return p === null ? 0 : Math.min(Number(p) + 1, 100_000);
}

export async function createShippingMethod(
  ctx: AppContext,
  input: Input,
  admin: Admin,
): Promise<Method> {
  const m = checked(input);
  const at = ctx.now();
  const now = at.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await checkZones(trx, m.zoneIds);
    const { id } = await trx
      .insertInto('shipping_methods')
      .values({
        ...columnsOf(m),
        position: m.position ?? (await nextPosition(trx)),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeZones(trx, id, m);
    return METHODS.created(trx, id, admin, at);
  });
}

/** The stored method as an input, so that a PATCH is checked as the creation of its result. */
const asInput = (m: Method): Input => ({
  name: m.name,
  zone_ids: m.zone_ids,
  rate_kind: m.rate_kind,
  flat_price: m.flat_price,
  bands: m.bands,
  free_above: m.free_above,
  cod_fee: m.cod_fee,
  carrier: m.carrier,
  tracking_url_template: m.tracking_url_template,
  is_active: m.is_active,
  position: m.position,
});

export async function updateShippingMethod(
  ctx: AppContext,
  id: number,
  patch: Body<'updateShippingMethod'>,
  admin: Admin,
): Promise<Method> {
  if (Object.keys(patch).length === 0) {
    throw invalid(['body'], 'Send at least one property to change');
  }
  const at = ctx.now();
  return ctx.db.transaction().execute((trx) =>
    METHODS.update(trx, id, admin, at, async (before) => {
      const m = checked({ ...asInput(before), ...patch });
      await checkZones(trx, m.zoneIds);
      await trx
        .updateTable('shipping_methods')
        .set({
          ...columnsOf(m),
          position: m.position ?? before.position,
          updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .execute();
      await writeZones(trx, id, m);
    }),
  );
}

export async function deleteShippingMethod(
  ctx: AppContext,
  id: number,
  admin: Admin,
): Promise<void> {
  const at = ctx.now();
  await ctx.db.transaction().execute((trx) =>
    METHODS.delete(trx, id, admin, at, async () => {
      // Orders keep their frozen snapshot (their shipping_method_id is set null); carts lose it.
      await trx.deleteFrom('shipping_methods').where('id', '=', id).execute();
    }),
  );
}
