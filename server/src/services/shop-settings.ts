// The shop's settings (one row, id 1, created by migration 008): the seller's identity on
// documents, the number prefixes, the stamp duty and the shop's time zone.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

export type ShopSettingsRow = Selectable<Database['shop_settings']>;

export async function loadShopSettings(db: Db): Promise<ShopSettingsRow> {
  return db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** The IANA time zone the shop's dates (invoice years, exported times) are taken in. */
export async function shopTimeZone(db: Db): Promise<string> {
  const row = await db
    .selectFrom('shop_settings')
    .select('time_zone')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.time_zone;
}
