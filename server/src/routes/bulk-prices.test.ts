// Bulk price changes move every price a customer is charged (#26 point 1), on both databases:
// after a shift, each selected product's base price, its default variant and each of its own
// variants' prices equal the rule applied to their old value (checked against an independent
// formula over many generated prices); nothing else changes; a refused shift and a dry run change
// nothing; the products list shows the range of prices charged. A property (fast-check) sends
// random shifts, good and bad (out-of-range or malformed values, unknown units, unknown or repeated
// ids, prices pushed to 0, below 0 or past the maximum), real or dry run, over random catalogues:
// a refusal is a 4xx with a `detail` that changes nothing, an accepted shift moves exactly the
// selected prices by the rule. assertProperty prints the seed and path of a failure; FC_SEED /
// FC_PATH / FC_RUNS replay it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectProblem, expectStatus, type Schemas } from '../../test-support/contract';
import { useAdminAccount, useTestApp } from '../../test-support/app';
import { testDialects } from '../../test-support/databases';
import {
  deleteAll,
  insertProduct,
  insertSimpleProduct,
  insertVariant,
  insertVatRate,
  rowCount,
} from '../../test-support/fixtures';
import { injectJson } from '../../test-support/openapi-validator';
import { assertProperty } from '../../test-support/properties';

type Action = Schemas['ProductBulkEdit']['action'];
type Result = Schemas['BulkEditResult'];

const URL = '/api/v1/admin/products/bulk';

/** round_half_up(old × (1 + p/100)) for p with 2 decimals, in integers (old ≥ 0, p ≥ -100). */
const byPercent = (old: number, percent: string) => {
  const hundredths = BigInt(Math.round(Number(percent) * 100));
  return Number((BigInt(old) * (10_000n + hundredths) + 5_000n) / 10_000n);
};
const byAmount = (old: number, amount: string) => old + Math.round(Number(amount) * 1000);
/** The highest price the contract's Money holds, 999999999.999, in millimes. */
const MAX_PRICE = 999_999_999_999;
const UNKNOWN_ID = 2_000_000_000;

/** A shift the contract accepts (percent: -100..1000 with 2 decimals; amount: 3 decimals). */
const goodShift = fc.oneof(
  fc
    .integer({ min: -10_000, max: 100_000 })
    .map((h) => ({ unit: 'percent' as const, value: (h / 100).toFixed(h % 100 === 0 ? 0 : 2) })),
  fc
    .integer({ min: -60_000, max: 60_000 })
    .map((m) => ({ unit: 'amount' as const, value: (m / 1000).toFixed(3) })),
  fc.constant({ unit: 'amount' as const, value: '999999999.999' }),
);
/** Shifts refused before any row is read (422). */
const badShift = fc.constantFrom<{ unit: unknown; value: unknown }>(
  { unit: 'percent', value: '1000.01' },
  { unit: 'percent', value: '-100.01' },
  { unit: 'percent', value: '12.345' },
  { unit: 'amount', value: '1.0001' },
  { unit: 'amount', value: 'abc' },
  { unit: 'amount', value: '1e3' },
  { unit: 'amount', value: '' },
  { unit: 'amount', value: 5 },
  { unit: 'amount', value: null },
  { unit: 'permille', value: '5' },
  { unit: 'amount', value: '1234567890' },
);
const catalogueArb = fc.array(
  fc.record({
    base: fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 50_000_000 })),
    variants: fc.array(fc.integer({ min: 1, max: 50_000_000 }), { maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 6 },
);

describe.each(testDialects)('bulk price changes (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'manager');
  const db = () => t.database.db;

  const post = (ids: number[], action: Action, dry_run?: boolean) =>
    injectJson(t.app, {
      method: 'POST',
      url: URL,
      headers: admin.headers,
      payload: dry_run === undefined ? { ids, action } : { ids, action, dry_run },
    });
  const changed = async (ids: number[], action: Action, dryRun?: boolean) =>
    expectStatus<Result>(await post(ids, action, dryRun), 200, 'bulkEditProducts');

  /** Every product and variant row, prices as numbers, without updated_at. */
  const snapshot = async () => {
    const products = await db().selectFrom('products').selectAll().orderBy('id').execute();
    const variants = await db().selectFrom('variants').selectAll().orderBy('id').execute();
    const plain = <T extends { updated_at: string }>({ updated_at: _u, ...row }: T) => row;
    return {
      products: products.map((p) => ({ ...plain(p), base_price: Number(p.base_price) })),
      variants: variants.map((v) => ({ ...plain(v), price: Number(v.price) })),
    };
  };
  type Snapshot = Awaited<ReturnType<typeof snapshot>>;
  /**
   * The shift's invariant: the selected rows moved by the rule (a default variant as its
   * product), the rest identical, column for column.
   */
  const expectShifted = (
    before: Snapshot,
    after: Snapshot,
    ids: readonly number[],
    rule: (old: number) => number,
  ) => {
    const selected = new Set(ids);
    const oldBase = new Map(before.products.map((p) => [p.id, p.base_price]));
    expect(after.products).toEqual(
      before.products.map((p) =>
        selected.has(p.id) ? { ...p, base_price: rule(p.base_price) } : p,
      ),
    );
    expect(after.variants).toEqual(
      before.variants.map((v) =>
        !selected.has(v.product_id)
          ? v
          : { ...v, price: rule(v.is_default === 1 ? oldBase.get(v.product_id)! : v.price) },
      ),
    );
  };
  const auditCount = () => rowCount(db(), 'audit_log');

  /** Simple products and products with 1–3 own variants, prices drawn by fast-check. */
  async function catalogue(seed: number) {
    const prices = fc.sample(fc.integer({ min: 1_000, max: 50_000_000 }), { seed, numRuns: 40 });
    let next = 0;
    const price = () => prices[next++ % prices.length]!;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await insertSimpleProduct(db(), { base_price: price() })).productId);
    for (let i = 0; i < 4; i++) {
      const p = await insertProduct(db(), { has_variants: 1, base_price: price() });
      for (let j = 0; j <= i % 3; j++) await insertVariant(db(), p.id, { price: price() });
      ids.push(p.id);
    }
    return ids;
  }

  it('refuses a bad shift whole and changes nothing; applies a good one by the rule (property)', async () => {
    const seen = new Set<number>();
    await assertProperty(
      fc.asyncProperty(
        catalogueArb,
        fc.oneof({ weight: 3, arbitrary: goodShift }, { weight: 1, arbitrary: badShift }),
        fc.constantFrom(
          'selected' as const,
          'unknown' as const,
          'repeated' as const,
          'none' as const,
        ),
        fc.boolean(),
        async (plan, shift, select, dryRun) => {
          await deleteAll(db(), ['audit_log', 'stock_movements', 'variants', 'products']);
          const ids: number[] = [];
          for (const p of plan) {
            if (p.variants.length === 0) {
              ids.push((await insertSimpleProduct(db(), { base_price: p.base })).productId);
            } else {
              const product = await insertProduct(db(), { has_variants: 1, base_price: p.base });
              for (const price of p.variants) await insertVariant(db(), product.id, { price });
              ids.push(product.id);
            }
          }
          // The first product is left out, so rows not selected are seen unchanged too.
          const chosen = ids.length > 1 ? ids.slice(1) : ids;
          const sent =
            select === 'selected'
              ? chosen
              : select === 'unknown'
                ? [...chosen, UNKNOWN_ID]
                : select === 'repeated'
                  ? [...chosen, chosen[0]!]
                  : [];
          const before = await snapshot();
          const res = await post(sent, { type: 'shift_price', ...shift } as Action, dryRun);

          const good =
            (shift.unit === 'percent' || shift.unit === 'amount') &&
            typeof shift.value === 'string' &&
            (shift.unit === 'percent'
              ? /^-?\d{1,4}(\.\d{1,2})?$/.test(shift.value) &&
                Number(shift.value) >= -100 &&
                Number(shift.value) <= 1000
              : /^-?\d{1,9}(\.\d{1,3})?$/.test(shift.value));
          const rule = (old: number) =>
            shift.unit === 'percent'
              ? byPercent(old, shift.value as string)
              : byAmount(old, shift.value as string);
          const selected = new Set(sent);
          const pricesMoved = [
            ...before.products.filter((p) => selected.has(p.id)).map((p) => p.base_price),
            ...before.variants
              .filter((v) => selected.has(v.product_id) && v.is_default !== 1)
              .map((v) => v.price),
          ];
          const expected =
            !good || sent.length === 0 || select === 'repeated'
              ? 422
              : select === 'unknown'
                ? 404
                : pricesMoved.some((old) => {
                      const next = rule(old);
                      return next < 0 || next > MAX_PRICE || (old > 0 && next === 0);
                    })
                  ? 409
                  : 200;
          expect(res.statusCode, `${JSON.stringify({ sent, shift, dryRun })}: ${res.body}`).toBe(
            expected,
          );
          seen.add(expected);
          if (expected !== 200 || dryRun) {
            if (expected !== 200) {
              const detail: unknown = res.json<{ detail: unknown }>().detail;
              expect(
                typeof detail === 'string' || Array.isArray(detail) ? detail.length : 0,
              ).toBeGreaterThan(0);
            }
            expect(await snapshot()).toEqual(before);
            expect(await auditCount()).toBe(0);
            return;
          }
          expectShifted(before, await snapshot(), sent, rule);
        },
      ),
      { numRuns: 100 },
    );
    // The file's own run (not a replay, not FC_RUNS) must have reached every answer.
    if (!process.env.FC_PATH && !process.env.FC_RUNS)
      expect([...seen].sort()).toEqual([200, 404, 409, 422]);
  }, 600_000);

  it.each([
    ['percent', '10'],
    ['percent', '-12.5'],
    ['percent', '0.01'],
    ['percent', '333.33'],
    ['amount', '1.005'],
    ['amount', '-0.999'],
  ] as const)(
    'shifts by %s %s: every charged price follows the rule, nothing else changes',
    async (unit, value) => {
      const ids = await catalogue(unit === 'percent' ? Number(value) * 100 : 7);
      const left = await insertProduct(db(), { has_variants: 1, base_price: 9_000 });
      await insertVariant(db(), left.id, { price: 9_500 });
      const rule = (old: number) =>
        unit === 'percent' ? byPercent(old, value) : byAmount(old, value);
      const before = await snapshot();

      const result = await changed(ids, { type: 'shift_price', unit, value });
      expect(result.changed + result.unchanged).toBe(ids.length);

      expectShifted(before, await snapshot(), ids, rule);
    },
  );

  it('refuses a shift that would bring any price, a variant’s included, to 0 or below', async () => {
    const fine = await insertSimpleProduct(db(), { base_price: 10_000 });
    const shirt = await insertProduct(db(), {
      name: 'T-shirt',
      has_variants: 1,
      base_price: 5_000,
    });
    await insertVariant(db(), shirt.id, { sku: 'TS-M', price: 5_000 });
    await insertVariant(db(), shirt.id, { sku: 'TS-S', price: 500 });
    const before = await snapshot();
    const audits = await auditCount();

    expectProblem(
      await post([fine.productId, shirt.id], {
        type: 'shift_price',
        unit: 'amount',
        value: '-0.5',
      }),
      409,
      `Product ${shirt.id} (T-shirt): variant TS-S: price would be 0`,
      'bulkEditProducts',
    );
    expectProblem(
      await post([shirt.id], { type: 'shift_price', unit: 'amount', value: '-1' }),
      409,
      `Product ${shirt.id} (T-shirt): variant TS-S: price would be negative`,
    );
    expectProblem(
      await post([fine.productId], { type: 'shift_price', unit: 'percent', value: '-100' }),
      409,
      `Product ${fine.productId} (${fine.name}): price would be 0`,
    );
    // Also refused by a dry run, which the dialog shows before anything is sent for real.
    expectProblem(
      await post([shirt.id], { type: 'shift_price', unit: 'percent', value: '-100' }, true),
      409,
      `Product ${shirt.id} (T-shirt): price would be 0`,
    );
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('previews a dry run without changing anything, then applies and audits each price', async () => {
    const oil = await insertSimpleProduct(db(), { name: 'Olive oil', base_price: 26_500 });
    const shirt = await insertProduct(db(), {
      name: 'T-shirt',
      has_variants: 1,
      base_price: 59_900,
    });
    const m = await insertVariant(db(), shirt.id, {
      sku: 'DR-M',
      variant_title: 'M',
      price: 59_900,
    });
    const l = await insertVariant(db(), shirt.id, {
      sku: 'DR-L',
      variant_title: 'L',
      price: 65_900,
    });
    const ids = [shirt.id, oil.productId];
    const before = await snapshot();
    const audits = await auditCount();
    const action: Action = { type: 'shift_price', unit: 'percent', value: '10' };

    expect(await changed(ids, action, true)).toEqual({
      changed: 2,
      unchanged: 0,
      preview: {
        prices_changed: 3,
        examples: [
          { label: 'Olive oil', before: '26.500', after: '29.150' },
          { label: 'T-shirt — M', before: '59.900', after: '65.890' },
          { label: 'T-shirt — L', before: '65.900', after: '72.490' },
        ],
        products_with_variants: [{ id: shirt.id, name: 'T-shirt', variant_count: 2 }],
      },
    });
    expect(await snapshot()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    // A dry run of another action answers no preview.
    expect(await changed(ids, { type: 'set_status', is_active: false }, true)).toEqual({
      changed: 2,
      unchanged: 0,
    });

    expect(await changed(ids, action, false)).toEqual({ changed: 2, unchanged: 0 });
    const entries = await db()
      .selectFrom('audit_log')
      .select(['entity', 'entity_id', 'label', 'changes'])
      .orderBy('id')
      .execute();
    expect(
      entries
        .slice(-4)
        .map((e) => [e.entity, e.entity_id, e.label, JSON.parse(e.changes) as unknown]),
    ).toEqual([
      [
        'product',
        oil.productId,
        'Olive oil',
        [{ field: 'base_price', before: '26.500', after: '29.150' }],
      ],
      [
        'product',
        shirt.id,
        'T-shirt',
        [{ field: 'base_price', before: '59.900', after: '65.890' }],
      ],
      ['variant', m.id, 'DR-M', [{ field: 'price', before: '59.900', after: '65.890' }]],
      ['variant', l.id, 'DR-L', [{ field: 'price', before: '65.900', after: '72.490' }]],
    ]);
    expect(await auditCount()).toBe(audits + 4);
  });

  it('lists the range of gross prices charged: active own variants, each at its rate', async () => {
    const vat19 = await insertVatRate(db(), { rate_bp: 1900 });
    const vat7 = await insertVatRate(db(), { rate_bp: 700 });
    const shirt = await insertProduct(db(), {
      name: 'Range shirt',
      has_variants: 1,
      base_price: 50_000,
      price_includes_vat: 0,
      vat_rate_id: vat19.id,
    });
    await insertVariant(db(), shirt.id, { price: 50_000 }); // 59.500 at 19 %
    await insertVariant(db(), shirt.id, { price: 60_000, vat_rate_id: vat7.id }); // 64.200 at 7 %
    await insertVariant(db(), shirt.id, { price: 10_000, is_active: 0 }); // not sold: left out
    const same = await insertProduct(db(), { name: 'Range same', has_variants: 1, base_price: 1 });
    await insertVariant(db(), same.id, { price: 20_000 });
    await insertVariant(db(), same.id, { price: 20_000 });
    const simple = await insertSimpleProduct(db(), { name: 'Range simple', base_price: 7_250 });

    const res = await injectJson(t.app, {
      method: 'GET',
      url: '/api/v1/admin/products/?search=Range&sort=name',
      headers: admin.headers,
    });
    const items = expectStatus<Schemas['Product'][]>(res, 200, 'listAdminProducts');
    expect(items.map((p) => [p.name, p.price_range])).toEqual([
      ['Range same', { min: '20.000', max: '20.000' }],
      ['Range shirt', { min: '59.500', max: '64.200' }],
      ['Range simple', { min: '7.250', max: '7.250' }],
    ]);
    expect(simple.name).toBe('Range simple');
  });
});
