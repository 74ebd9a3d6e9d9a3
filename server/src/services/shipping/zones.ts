// Shipping zones (#36, openapi/paths/shipping.yaml): the admin's CRUD. A zone is a set of
// countries and, for Tunisia, optionally of governorates; matching is domain/shipping.ts zoneOf.
// Every write is audited.
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { AdminUserRow, Database } from '../../db/schema';
import { conflict, invalid } from '../../api/problem';
import { json } from '../../api/present';
import type { Body, Schemas } from '../../api/types';
import { GOVERNORATE_COUNTRY, type Governorate } from '../../domain/shipping';
import { normalizeCountry } from '../../domain/vat';
import { adminRecords } from '../platform/admin-records';

type Zone = Schemas['ShippingZone'];
export type ZoneRow = Selectable<Database['shipping_zones']>;
type Admin = Pick<AdminUserRow, 'id' | 'username'>;

/** A zone row's countries and governorates, parsed. */
export function zoneRule(row: ZoneRow) {
  return {
    id: row.id,
    name: row.name,
    countries: json<string[]>(row.countries, []),
    governorates: json<Governorate[]>(row.governorates, []),
    position: Number(row.position),
  };
}

async function methodCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('shipping_method_zones')
    .select(['zone_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('zone_id', 'in', ids)
    .groupBy('zone_id')
    .execute();
  return new Map(rows.map((r) => [r.zone_id, Number(r.n)]));
}

async function presentAll(db: Db, rows: readonly ZoneRow[]): Promise<Zone[]> {
  const counts = await methodCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const rule = zoneRule(row);
    return {
      id: row.id,
      name: row.name,
      countries: rule.countries,
      governorates: rule.governorates,
      position: rule.position,
      method_count: counts.get(row.id) ?? 0,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** Every zone in matching order (position, then id). */
export function allZoneRows(db: Db): Promise<ZoneRow[]> {
  return db.selectFrom('shipping_zones').selectAll().orderBy('position').orderBy('id').execute();
}

export async function listShippingZones(
  ctx: AppContext,
  q: { skip: number; limit: number },
): Promise<{ items: Zone[]; total: number }> {
  const { db } = ctx;
  const rows = await db
    .selectFrom('shipping_zones')
    .selectAll()
    .orderBy('position')
    .orderBy('id')
    .limit(q.limit)
    .offset(q.skip)
    .execute();
  const { n } = await db
    .selectFrom('shipping_zones')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { items: await presentAll(db, rows), total: Number(n) };
}

const ZONES = adminRecords<ZoneRow, Zone, Omit<Zone, 'method_count'>>({
  find: (db, id) =>
    db.selectFrom('shipping_zones').selectAll().where('id', '=', id).executeTakeFirst(),
  present: async (db, row) => (await presentAll(db, [row]))[0]!,
  notFound: 'Shipping zone not found',
  audit: {
    entity: 'shipping_zone',
    view: ({ method_count: _count, ...rest }) => rest,
    label: (z) => z.name,
  },
});

export async function getShippingZone(ctx: AppContext, id: number): Promise<Zone> {
  return ZONES.get(ctx.db, id);
}

type Input = Body<'createShippingZone'>;
interface Stored {
  name: string;
  countries: string[];
  governorates: Governorate[];
  position: number | null;
}

const field = (name: string) => ['body', name];

/** The input as stored, after the rules of ShippingZoneInput (422 naming the field). */
function checked(input: Input): Stored {
  if (input.name === undefined) throw invalid(field('name'), 'Enter a name', 'missing');
  const name = input.name.trim();
  if (name === '') throw invalid(field('name'), 'Enter a name');
  if (input.countries === undefined) {
    throw invalid(field('countries'), 'Choose at least one country', 'missing');
  }
  const countries = [...new Set(input.countries.map(normalizeCountry))];
  const governorates = [...new Set(input.governorates ?? [])].sort();
  if (governorates.length > 0 && !countries.includes(GOVERNORATE_COUNTRY)) {
    throw invalid(
      field('governorates'),
      `Governorates are Tunisia's: add ${GOVERNORATE_COUNTRY} to the countries or remove them`,
    );
  }
  return { name, countries, governorates, position: input.position ?? null };
}

/** The 409 of a name another zone has, whatever its case. */
async function checkName(db: Db, name: string, selfId: number | null): Promise<void> {
  const other = await db
    .selectFrom('shipping_zones')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (other && other.id !== selfId) {
    throw conflict(`Another shipping zone is already named "${other.name}"`);
  }
}

async function nextPosition(db: Db): Promise<number> {
  const { p } = await db
    .selectFrom('shipping_zones')
    .select((eb) => eb.fn.max<number | null>('position').as('p'))
    .executeTakeFirstOrThrow();
  return p === null ? 0 : Math.min(Number(p) + 1, 100_000);
}

export async function createShippingZone(
  ctx: AppContext,
  input: Input,
  admin: Admin,
): Promise<Zone> {
  const z = checked(input);
  const at = ctx.now();
  const now = at.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await checkName(trx, z.name, null);
    const { id } = await trx
      .insertInto('shipping_zones')
      .values({
        name: z.name,
        countries: JSON.stringify(z.countries),
        governorates: JSON.stringify(z.governorates),
        position: z.position ?? (await nextPosition(trx)),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ZONES.created(trx, id, admin, at);
  });
}

export async function updateShippingZone(
  ctx: AppContext,
  id: number,
  patch: Body<'updateShippingZone'>,
  admin: Admin,
): Promise<Zone> {
  if (Object.keys(patch).length === 0) {
    throw invalid(['body'], 'Send at least one property to change');
  }
  const at = ctx.now();
  return ctx.db.transaction().execute((trx) =>
    ZONES.update(trx, id, admin, at, async (before) => {
      const z = checked({
        name: before.name,
        countries: before.countries,
        governorates: before.governorates,
        position: before.position,
        ...patch,
      });
      await checkName(trx, z.name, id);
      await trx
        .updateTable('shipping_zones')
        .set({
          name: z.name,
          countries: JSON.stringify(z.countries),
          governorates: JSON.stringify(z.governorates),
          position: z.position ?? before.position,
          updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .execute();
    }),
  );
}

export async function deleteShippingZone(ctx: AppContext, id: number, admin: Admin): Promise<void> {
  const at = ctx.now();
  await ctx.db.transaction().execute((trx) =>
    ZONES.delete(trx, id, admin, at, async (row) => {
      // A method must keep at least one zone (zone_ids has minItems 1): refuse to strand one.
      const stranded = await trx
        .selectFrom('shipping_method_zones as mz')
        .innerJoin('shipping_methods as m', 'm.id', 'mz.method_id')
        .select(['m.name_en'])
        .where('mz.zone_id', '=', id)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('shipping_method_zones as other')
                .select('other.zone_id')
                .whereRef('other.method_id', '=', 'mz.method_id')
                .where('other.zone_id', '<>', id),
            ),
          ),
        )
        .orderBy('m.position')
        .orderBy('m.id')
        .executeTakeFirst();
      if (stranded) {
        throw conflict(
          `The shipping method "${stranded.name_en}" delivers only to the zone "${row.name}"; give it another zone or delete it first`,
        );
      }
      await trx.deleteFrom('shipping_zones').where('id', '=', id).execute();
    }),
  );
}
