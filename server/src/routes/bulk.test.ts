// Bulk edit over HTTP on both databases: each action, all or nothing (one refused row changes
// nothing: prices, stock, movements, audit), refused rows named, bad input, roles, and the stock
// ledger after bulk adjustments.
import { describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, issuesOf, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  insertCategory,
  insertProduct,
  insertSimpleProduct,
  insertVariant,
  insertVatRate,
} from '../../test-support/fixtures';
import { injectJson } from '../../test-support/openapi-validator';
import { stockLedgerMismatches, stockMovementsOf } from '../../test-support/stock';

type Action = Schemas['ProductBulkEdit']['action'];

const PRODUCTS = '/api/v1/admin/products/bulk';
const VARIANTS = '/api/v1/admin/variants/bulk/edit';

describe.each(testDialects)('bulk edit (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'inventory_manager');
  const db = () => t.database.db;

  const edit = (url: string, ids: number[], action: Action, headers = admin.headers) =>
    injectJson(t.app, { method: 'POST', url, headers, payload: { ids, action } });
  const products = (ids: number[], action: Action) => edit(PRODUCTS, ids, action);
  const variants = (ids: number[], action: Action) => edit(VARIANTS, ids, action);
  /** The action applied (200): its summary. */
  const productsChanged = async (ids: number[], action: Action) =>
    expectStatus<Schemas['BulkEditResult']>(await products(ids, action), 200, 'bulkEditProducts');
  const variantsChanged = async (ids: number[], action: Action) =>
    expectStatus<Schemas['BulkEditResult']>(await variants(ids, action), 200, 'bulkEditVariants');

  const product = (id: number) =>
    db().selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const variant = (id: number) =>
    db().selectFrom('variants').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (entity: string, id: number) =>
    db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
  const changesOf = async (entity: string, id: number) =>
    (await auditOf(entity, id)).map((e) => JSON.parse(e.changes) as Schemas['AuditChange'][]);

  describe('bulkEditProducts', () => {
    it('sets the price; a simple product’s default variant follows, and so do variants', async () => {
      const simple = await insertSimpleProduct(db(), { base_price: 10_000 });
      const withVariants = await insertProduct(db(), { has_variants: 1, base_price: 20_000 });
      const own = await insertVariant(db(), withVariants.id, { price: 25_000 });
      const same = await insertProduct(db(), { base_price: 12_500 });

      const res = await products([simple.productId, withVariants.id, same.id], {
        type: 'set_price',
        price: '12.5',
      });
      expect(expectStatus(res, 200, 'bulkEditProducts')).toEqual({ changed: 2, unchanged: 1 });
      expect((await product(simple.productId)).base_price).toBe(12_500);
      expect((await variant(simple.variantId)).price).toBe(12_500);
      expect((await product(withVariants.id)).base_price).toBe(12_500);
      // #26: a variant's price is what its customers pay, so a price action moves it too.
      expect((await variant(own.id)).price).toBe(12_500);
      expect(await changesOf('variant', own.id)).toEqual([
        [{ field: 'price', before: '25.000', after: '12.500' }],
      ]);
      const [entry] = await auditOf('product', simple.productId);
      expect(entry).toMatchObject({
        action: 'update',
        admin_user_id: admin.id,
        label: simple.name,
      });
      expect(await changesOf('product', simple.productId)).toEqual([
        [{ field: 'base_price', before: '10.000', after: '12.500' }],
      ]);
      expect(await auditOf('product', same.id)).toEqual([]);
    });

    it('shifts by a percentage rounded half-up, and by an amount', async () => {
      const a = await insertProduct(db(), { base_price: 12_345 });
      const b = await insertProduct(db(), { base_price: 1_000 });
      expect(
        await productsChanged([a.id, b.id], { type: 'shift_price', unit: 'percent', value: '10' }),
      ).toEqual({ changed: 2, unchanged: 0 });
      expect((await product(a.id)).base_price).toBe(13_580);
      expect((await product(b.id)).base_price).toBe(1_100);
      await products([a.id], { type: 'shift_price', unit: 'amount', value: '-0.58' });
      expect((await product(a.id)).base_price).toBe(13_000);
    });

    it('refuses every row whose price would leave the bounds and changes nothing', async () => {
      const cheap = await insertProduct(db(), { name: 'Olive oil', base_price: 500 });
      const cheaper = await insertProduct(db(), { name: 'Salt', base_price: 200 });
      const fine = await insertProduct(db(), { base_price: 10_000 });
      const res = await products([fine.id, cheap.id, cheaper.id], {
        type: 'shift_price',
        unit: 'amount',
        value: '-1',
      });
      expectProblem(
        res,
        409,
        `Product ${cheap.id} (Olive oil): price would be negative; Product ${cheaper.id} (Salt): price would be negative`,
        'bulkEditProducts',
      );
      expect((await product(fine.id)).base_price).toBe(10_000);
      expect(await auditOf('product', fine.id)).toEqual([]);

      const dear = await insertProduct(db(), { name: 'Gold', base_price: 999_999_999_000 });
      expectProblem(
        await products([dear.id], { type: 'shift_price', unit: 'percent', value: '1' }),
        409,
        `Product ${dear.id} (Gold): price would exceed 999999999.999`,
      );
    });

    it('sets and adjusts the stock of simple products as movements with the reason', async () => {
      const a = await insertSimpleProduct(db(), {}, { stock_quantity: 10 });
      const b = await insertSimpleProduct(db(), {}, { stock_quantity: 4 });
      expect(
        await productsChanged([a.productId, b.productId], {
          type: 'adjust_stock',
          delta: -3,
          reason: ' Stocktake ',
        }),
      ).toEqual({ changed: 2, unchanged: 0 });
      expect((await variant(a.variantId)).stock_quantity).toBe(7);
      expect(await stockMovementsOf(db(), b.variantId)).toMatchObject([
        {
          delta: -3,
          stock_before: 4,
          stock_after: 1,
          kind: 'adjustment',
          reason: 'Stocktake',
          admin_user_id: admin.id,
        },
      ]);
      expect(await changesOf('product', b.productId)).toEqual([
        [{ field: 'stock_quantity', before: 4, after: 1 }],
      ]);

      expect(
        await productsChanged([a.productId, b.productId], {
          type: 'set_stock',
          quantity: 7,
          reason: 'Count',
        }),
      ).toEqual({ changed: 1, unchanged: 1 });
      expect((await variant(b.variantId)).stock_quantity).toBe(7);
    });

    it('refuses stock of products with variants, without inventory or stock', async () => {
      const withVariants = await insertProduct(db(), { name: 'Shirt', has_variants: 1 });
      const bare = await insertProduct(db(), { name: 'Bare' });
      const low = await insertSimpleProduct(db(), { name: 'Low' }, { stock_quantity: 1 });
      const fine = await insertSimpleProduct(db(), {}, { stock_quantity: 10 });
      const res = await products([fine.productId, withVariants.id, bare.id, low.productId], {
        type: 'adjust_stock',
        delta: -2,
        reason: 'Damaged',
      });
      expectProblem(
        res,
        409,
        [
          `Product ${withVariants.id} (Shirt): has variants: change the stock of its variants`,
          `Product ${bare.id} (Bare): has no inventory`,
          `Product ${low.productId} (Low): not enough stock: 1 in stock, cannot remove 2`,
        ].join('; '),
        'bulkEditProducts',
      );
      expect((await variant(fine.variantId)).stock_quantity).toBe(10);
      expect(await stockMovementsOf(db(), fine.variantId)).toEqual([]);
      expect(await auditOf('product', fine.productId)).toEqual([]);
    });

    it('sets the status, the category and an assignable VAT rate', async () => {
      const category = await insertCategory(db());
      const rate = await insertVatRate(db(), { rate_bp: 700 });
      const a = await insertProduct(db());
      const b = await insertProduct(db(), { is_active: 0 });
      expect(await productsChanged([a.id, b.id], { type: 'set_status', is_active: false })).toEqual(
        { changed: 1, unchanged: 1 },
      );
      expect((await product(a.id)).is_active).toBe(0);
      expect(await changesOf('product', a.id)).toEqual([
        [{ field: 'is_active', before: true, after: false }],
      ]);

      await products([a.id, b.id], { type: 'set_category', category_id: category.id });
      expect((await product(b.id)).category_id).toBe(category.id);
      await products([a.id, b.id], { type: 'set_vat_rate', vat_rate_id: rate.id });
      expect((await product(a.id)).vat_rate_id).toBe(rate.id);

      const expired = await insertVatRate(db(), {
        name: 'Old VAT',
        effective_to: '2019-01-01T00:00:00.000Z',
      });
      const refused = await products([a.id], { type: 'set_vat_rate', vat_rate_id: expired.id });
      expect(issuesOf(refused, 'bulkEditProducts')).toMatchObject([
        {
          loc: ['body', 'action', 'vat_rate_id'],
          msg: expect.stringContaining('Old VAT') as unknown,
        },
      ]);
      expect(
        issuesOf(
          await products([a.id], { type: 'set_vat_rate', vat_rate_id: null }),
          'bulkEditProducts',
        ),
      ).toMatchObject([{ msg: 'A product needs a VAT rate' }]);
      expect(
        issuesOf(
          await products([a.id], { type: 'set_category', category_id: 2_000_000_000 }),
          'bulkEditProducts',
        ),
      ).toMatchObject([{ loc: ['body', 'action', 'category_id'], msg: 'Category not found' }]);
      expect((await product(a.id)).vat_rate_id).toBe(rate.id);
    });

    it('answers 404 naming unknown ids, 422 for bad input, 403 for support', async () => {
      const a = await insertProduct(db());
      expectProblem(
        await products([a.id, 1_999_999_999], { type: 'set_status', is_active: false }),
        404,
        'Products not found: 1999999999',
        'bulkEditProducts',
      );
      expect((await product(a.id)).is_active).toBe(1);
      for (const body of [
        { ids: [], action: { type: 'set_status', is_active: true } },
        { ids: [a.id, a.id], action: { type: 'set_status', is_active: true } },
        {
          ids: Array.from({ length: 1001 }, (_, i) => i + 1),
          action: { type: 'set_status', is_active: true },
        },
        { ids: [a.id], action: { type: 'set_price', price: '-1' } },
        { ids: [a.id], action: { type: 'adjust_stock', delta: 0, reason: 'x' } },
        { ids: [a.id], action: { type: 'adjust_stock', delta: 1, reason: '   ' } },
        { ids: [a.id], action: { type: 'set_stock', quantity: 1 } },
        { ids: [a.id], action: { type: 'shift_price', unit: 'percent', value: '1.005' } },
        { ids: [a.id], action: { type: 'shift_price', unit: 'percent', value: '-101' } },
        { ids: [a.id], action: { type: 'rename', name: 'x' } },
      ]) {
        const res = await injectJson(t.app, {
          method: 'POST',
          url: PRODUCTS,
          headers: admin.headers,
          payload: body,
        });
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
      }
      const support = await t.authAs('support');
      const refused = await edit(
        PRODUCTS,
        [a.id],
        { type: 'set_status', is_active: false },
        support,
      );
      expect(refused.statusCode).toBe(403);
      expect(
        (await edit(VARIANTS, [a.id], { type: 'set_status', is_active: false }, support))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('bulkEditVariants', () => {
    it('shifts variant prices and refuses default variants by name', async () => {
      const p = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), p.id, { price: 10_000 });
      const b = await insertVariant(db(), p.id, { price: 3_333 });
      expect(
        await variantsChanged([a.id, b.id], {
          type: 'shift_price',
          unit: 'percent',
          value: '-12.5',
        }),
      ).toEqual({ changed: 2, unchanged: 0 });
      expect((await variant(a.id)).price).toBe(8_750);
      expect((await variant(b.id)).price).toBe(2_916); // 2916.375
      expect(await changesOf('variant', b.id)).toEqual([
        [{ field: 'price', before: '3.333', after: '2.916' }],
      ]);

      const simple = await insertSimpleProduct(db());
      expectProblem(
        await variants([a.id, simple.variantId], { type: 'set_price', price: '1' }),
        409,
        `Variant ${simple.variantId} (DEFAULT): its price follows its product`,
        'bulkEditVariants',
      );
      expect((await variant(a.id)).price).toBe(8_750);
    });

    it('adjusts stock all or nothing, and stock stays the sum of its movements', async () => {
      const p = await insertProduct(db(), { has_variants: 1 });
      const a = await insertVariant(db(), p.id, { stock_quantity: 0 });
      const b = await insertVariant(db(), p.id, { stock_quantity: 0, sku: 'LOW-1' });
      const untracked = await insertVariant(db(), p.id, { track_inventory: 0, sku: 'FREE-1' });
      await variants([a.id, b.id], { type: 'set_stock', quantity: 5, reason: 'Stocktake' });
      expect(
        await variantsChanged([a.id, b.id], { type: 'adjust_stock', delta: 3, reason: 'Delivery' }),
      ).toEqual({ changed: 2, unchanged: 0 });
      await variants([a.id], { type: 'adjust_stock', delta: -4, reason: 'Sold at fair' });
      expect((await variant(a.id)).stock_quantity).toBe(4);

      const res = await variants([a.id, b.id, untracked.id], {
        type: 'adjust_stock',
        delta: -5,
        reason: 'Damaged',
      });
      expectProblem(
        res,
        409,
        `Variant ${a.id} (${a.sku}): not enough stock: 4 in stock, cannot remove 5; Variant ${untracked.id} (FREE-1): does not track inventory`,
        'bulkEditVariants',
      );
      expect((await variant(b.id)).stock_quantity).toBe(8);
      expect(await stockMovementsOf(db(), b.id)).toHaveLength(2);
      expect(await auditOf('variant', b.id)).toHaveLength(2);
      // The fixtures insert other variants with stock and no movements: check these two.
      const mine = (await stockLedgerMismatches(db())).filter((m) =>
        [a.id, b.id].includes(m.variant_id),
      );
      expect(mine).toEqual([]);
    });

    it('sets the status and the VAT rate, null inheriting the product’s', async () => {
      const p = await insertProduct(db(), { has_variants: 1 });
      const rate = await insertVatRate(db());
      const a = await insertVariant(db(), p.id);
      await variants([a.id], { type: 'set_vat_rate', vat_rate_id: rate.id });
      expect((await variant(a.id)).vat_rate_id).toBe(rate.id);
      await variants([a.id], { type: 'set_vat_rate', vat_rate_id: null });
      expect((await variant(a.id)).vat_rate_id).toBeNull();
      expect(await variantsChanged([a.id], { type: 'set_status', is_active: false })).toEqual({
        changed: 1,
        unchanged: 0,
      });
      expect((await variant(a.id)).is_active).toBe(0);
      // Every row already so: nothing written, nothing recorded.
      const audited = (await auditOf('variant', a.id)).length;
      expect(await variantsChanged([a.id], { type: 'set_status', is_active: false })).toEqual({
        changed: 0,
        unchanged: 1,
      });
      expect(await auditOf('variant', a.id)).toHaveLength(audited);
      const category = await variants([a.id], { type: 'set_category', category_id: 1 });
      expect(category.statusCode).toBe(422);
    });
  });
});
