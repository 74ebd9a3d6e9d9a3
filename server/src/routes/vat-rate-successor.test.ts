// A change of law is a successor, not an edit (issue #25): updateVatRate refuses (409) a new rate
// or country for a rate in force, one that has taken effect (orders may have been charged at it)
// and one a product or variant uses, keeping the stored rate and every price; name and
// description stay editable; a future rate that nothing uses can be corrected; and the successor
// path (new rate with its start date, named as successor) reprices the products on its start.
import { describe, expect, it } from 'vitest';
import { expectProblem, expectStatus } from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { useAdminCollection } from '../../test-support/collections';
import { testDialects } from '../../test-support/databases';
import {
  insertProduct,
  insertSimpleProduct,
  insertVariant,
  insertVatRate,
} from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import { placeOrder } from '../../test-support/shop';

type VatRate = Schemas['VatRate'];
type Product = Schemas['Product'];

const URL = '/api/v1/admin/vat-rates/';
const SUCCESSOR =
  'its rate and country cannot change. Record the new rate with its start date and name it as the successor of this one';

/** The start of the UTC day `offset` days from `now`. */
const dayStart = (now: Date, offset: number) =>
  new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset),
  ).toISOString();

describe.each(testDialects)('a change of VAT law is a successor (%s)', (dialect) => {
  const { t, admin, create, update } = useAdminCollection(dialect, URL, {
    config: { shippingFlatRateMillimes: 7_000 },
  });
  const stored = (id: number) =>
    t.database.db
      .selectFrom('vat_rates')
      .select(['name', 'rate_bp', 'country_code', 'description', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** Every body in `bodies` is refused with 409 `detail` and the rate's row stays as it was. */
  const expectRefused = async (id: number, bodies: Record<string, unknown>[], detail: string) => {
    const before = await stored(id);
    for (const body of bodies) {
      expectProblem(await update(id, body), 409, detail, 'updateVatRate');
    }
    expect(await stored(id)).toEqual(before);
  };

  /** TN's default rate, in force, and a simple product at 10.000 before VAT charged at it. */
  const rateAndProduct = async (rate: { name: string; rate_bp: number }, productName: string) => {
    const inserted = await insertVatRate(t.database.db, { ...rate, is_default: 1 });
    const product = await insertSimpleProduct(t.database.db, {
      name: productName,
      base_price: 10_000,
      price_includes_vat: 0,
      vat_rate_id: inserted.id,
    });
    return { rate: inserted, product };
  };

  it('refuses a new rate or country for the rate in force, even unused; name and description stay editable', async () => {
    const rate = await insertVatRate(t.database.db, {
      name: 'TVA 19',
      rate_bp: 1900,
      is_default: 1,
    });
    await expectRefused(
      rate.id,
      [{ rate: 25 }, { country_code: 'fr' }, { name: 'TVA 25', rate: 25 }, { rate: 19.01 }],
      `VAT rate "TVA 19" is in force: ${SUCCESSOR}`,
    );

    // The same rate and country sent again (as the console's form does) are no change.
    const renamed = await update(rate.id, {
      name: 'Standard rate',
      description: 'Most goods',
      rate: 19,
      country_code: 'tn',
    });
    expect(expectStatus<VatRate>(renamed, 200, 'updateVatRate')).toMatchObject({
      name: 'Standard rate',
      description: 'Most goods',
      rate: 19,
      country_code: 'TN',
      status: 'in_force',
    });
    expect(await stored(rate.id)).toMatchObject({
      name: 'Standard rate',
      description: 'Most goods',
      rate_bp: 1900,
      country_code: 'TN',
    });
  });

  it('refuses it for a future rate that a product or a variant is assigned', async () => {
    const future = dayStart(t.ctx.now(), 30);
    const onProducts = await insertVatRate(t.database.db, {
      name: 'TVA 21',
      rate_bp: 2100,
      effective_from: future,
    });
    await insertProduct(t.database.db, { vat_rate_id: onProducts.id });
    await expectRefused(
      onProducts.id,
      [{ rate: 22 }, { country_code: 'DZ' }],
      `VAT rate "TVA 21" is used by 1 product: ${SUCCESSOR}`,
    );

    const onVariants = await insertVatRate(t.database.db, {
      name: 'TVA 9',
      rate_bp: 900,
      effective_from: future,
    });
    const owner = await insertProduct(t.database.db, { vat_rate_id: onProducts.id });
    await insertVariant(t.database.db, owner.id, { vat_rate_id: onVariants.id });
    await insertVariant(t.database.db, owner.id, { vat_rate_id: onVariants.id });
    await expectRefused(
      onVariants.id,
      [{ rate: 10 }],
      `VAT rate "TVA 9" is used by 2 variants: ${SUCCESSOR}`,
    );
    // Renaming is still allowed.
    expect((await update(onVariants.id, { name: 'TVA 9 (from next month)' })).statusCode).toBe(200);
  });

  it('refuses it for an ended rate that orders were charged at, though nothing uses it any more', async () => {
    const { rate: old, product: shirt } = await rateAndProduct(
      { name: 'TVA 18', rate_bp: 1800 },
      'Shirt',
    );
    const order = await placeOrder(t.app, { session: `law-${dialect}` }, [
      { productId: shirt.productId, quantity: 1 },
    ]);
    expect(order.items[0]?.vat_rate).toBe(18);
    // The law changed: the product moves to the new rate, the old one ended yesterday.
    const current = await insertVatRate(t.database.db, { name: 'TVA 19', rate_bp: 1900 });
    await t.database.db
      .updateTable('products')
      .set({ vat_rate_id: current.id })
      .where('id', '=', shirt.productId)
      .execute();
    const yesterdayEnd = new Date(Date.parse(dayStart(t.ctx.now(), 0)) - 1).toISOString();
    await t.database.db
      .updateTable('vat_rates')
      .set({ effective_to: yesterdayEnd, is_default: 0 })
      .where('id', '=', old.id)
      .execute();

    await expectRefused(
      old.id,
      [{ rate: 7 }, { country_code: 'FR' }],
      `VAT rate "TVA 18" took effect on ${old.effective_from.slice(0, 10)} and orders may have been charged at it: ${SUCCESSOR}`,
    );
    // An inactive rate that took effect is no different.
    await t.database.db
      .updateTable('vat_rates')
      .set({ is_active: 0 })
      .where('id', '=', old.id)
      .execute();
    await expectRefused(
      old.id,
      [{ rate: 7 }],
      `VAT rate "TVA 18" took effect on ${old.effective_from.slice(0, 10)} and orders may have been charged at it: ${SUCCESSOR}`,
    );
    const [item] = await t.database.db
      .selectFrom('order_items')
      .select('vat_rate_bp')
      .where('order_id', '=', order.id)
      .execute();
    expect(item?.vat_rate_bp).toBe(1800);
  });

  it('corrects a future rate that nothing uses yet (rate and country)', async () => {
    const future = await insertVatRate(t.database.db, {
      name: 'Next',
      rate_bp: 2000,
      effective_from: dayStart(t.ctx.now(), 10),
    });
    const res = await update(future.id, { rate: 21, country_code: 'fr' });
    expect(expectStatus<VatRate>(res, 200, 'updateVatRate')).toMatchObject({
      rate: 21,
      country_code: 'FR',
      status: 'scheduled',
    });
    expect(await stored(future.id)).toMatchObject({ rate_bp: 2100, country_code: 'FR' });
  });

  it('records the change of law as a successor: prices follow it on its start date, the old rate untouched', async () => {
    const now = t.ctx.now();
    const { rate: r19, product: lamp } = await rateAndProduct(
      { name: 'TVA 19', rate_bp: 1900 },
      'Lamp',
    );
    const refused = await update(r19.id, { rate: 25 });
    expectProblem(refused, 409, `VAT rate "TVA 19" is in force: ${SUCCESSOR}`, 'updateVatRate');

    // What the detail says: the new rate with its start date, named as successor.
    const start = dayStart(now, 3);
    const created = await create({
      name: 'TVA 25',
      rate: 25,
      country_code: 'TN',
      effective_from: start,
    });
    const r25 = expectStatus<VatRate>(created, 201, 'createVatRate');
    const linked = await update(r19.id, {
      effective_to: new Date(Date.parse(start) - 1).toISOString(),
      successor_id: r25.id,
    });
    expect(expectStatus<VatRate>(linked, 200, 'updateVatRate')).toMatchObject({
      rate: 19,
      successor_id: r25.id,
      status: 'in_force',
    });
    const price = async () =>
      expectResponseMatches<Product>(
        'getProduct',
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/products/${lamp.productId}`,
          headers: admin,
        }),
      ).price_incl_vat;
    expect(await price()).toBe('11.900');
    t.advanceClock(Date.parse(start) - now.getTime() + 1000);
    Object.assign(admin, await t.authAs('manager'));
    expect(await price()).toBe('12.500');
    expect(await stored(r19.id)).toMatchObject({ rate_bp: 1900 });
  });
});
