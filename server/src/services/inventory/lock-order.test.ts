// One lock order for every writer of variants: the product's row first, then its variants
// (inventory/stock.ts lockProductsOfVariants). An admin's save of a product holds the product and
// then writes its variants; a checkout, a stock adjustment and an order's status change used to
// write the variant first and lock the product only at commit (the stock figures' trigger,
// migration 026). Each runs here while another connection holds the product as a save does, and
// that connection then writes the variant: with two lock orders PostgreSQL finds a deadlock and
// aborts one side (the shop saw a 500); with one, the second waits and both complete.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useAdminAccount, useTestApp, type TestApp } from '../../../test-support/app';
import { testDialects } from '../../../test-support/databases';
import {
  insertCategory,
  insertProduct,
  insertVariant,
  insertVatRate,
} from '../../../test-support/fixtures';
import { addToCart, checkout } from '../../../test-support/shop';
import { stockLedgerMismatches, stockShop } from '../../../test-support/stock';

/**
 * Holds the product's row on a connection of its own (as an admin's save does), runs `write`
 * until the database shows it waiting on that connection, then writes the variant on that
 * connection and commits. Resolves with the write's answer and the holder's outcome.
 */
async function whileAProductSaveHoldsIt<T>(
  t: TestApp,
  ids: { productId: number; variantId: number },
  write: () => Promise<T>,
): Promise<{ answer: T; holder: string }> {
  const other = t.database.connectAgain();
  try {
    let answer!: Promise<T>;
    const holder = await other.db
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{
          pid: number;
        }>`select pg_backend_pid() as pid`.execute(trx);
        const pid = rows[0]!.pid;
        await trx
          .selectFrom('products')
          .select('id')
          .where('id', '=', ids.productId)
          .forUpdate()
          .execute();
        answer = write();
        // The write waits on this connection: by its first lock (one lock order), or at its
        // commit, holding the variant (two lock orders).
        for (let waited = 0; ; waited += 20) {
          const { rows: blocked } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where ${pid} = any(pg_blocking_pids(pid))`.execute(trx);
          if (blocked[0]!.n > 0) break;
          if (waited > 10_000) throw new Error('the write never waited for the product');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await trx
          .updateTable('variants')
          .set({ low_stock_threshold: 3 })
          .where('id', '=', ids.variantId)
          .execute();
        return 'committed' as const;
      })
      .catch((err: unknown) => (err instanceof Error ? err.message : String(err)));
    return { answer: await answer, holder };
  } finally {
    await other.close();
  }
}

describe.each(testDialects.filter((d) => d === 'postgres'))(
  'the lock order of variant writers (%s)',
  (dialect) => {
    const t = useTestApp(dialect);
    const admin = useAdminAccount(t, 'admin');
    let seq = 0;

    async function product(stock: number) {
      const shop = stockShop(t, admin.headers);
      const [vat, category] = [
        await insertVatRate(t.database.db, { name: `VAT ${++seq}` }),
        await insertCategory(t.database.db),
      ];
      return shop.product(
        `Lock order ${seq}`,
        { stock_quantity: stock },
        {
          vatRateId: vat.id,
          categoryId: category.id,
        },
      );
    }

    it('lets a checkout complete while a save of its product writes the variant', async () => {
      const ids = await product(10);
      const buyer = { session: `lock_order_${dialect}_checkout` };
      expect(
        (await addToCart(t.app, buyer, { product_id: ids.productId, quantity: 2 })).statusCode,
      ).toBe(201);
      const { answer, holder } = await whileAProductSaveHoldsIt(t, ids, () =>
        checkout(t.app, buyer),
      );
      expect(holder).toBe('committed');
      expect(answer.statusCode, answer.body).toBe(201);
      expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
    });

    it('lets a stock adjustment complete while a save writes the variant', async () => {
      const ids = await product(10);
      const { answer, holder } = await whileAProductSaveHoldsIt(t, ids, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/variants/${ids.variantId}/inventory/adjust`,
          headers: admin.headers,
          payload: { adjustment: -1, reason: 'Broken jar' },
        }),
      );
      expect(holder).toBe('committed');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
    });

    it('lets an order cancellation give its stock back while a save writes the variant', async () => {
      const ids = await product(10);
      const buyer = { session: `lock_order_${dialect}_cancel` };
      await addToCart(t.app, buyer, { product_id: ids.productId, quantity: 1 });
      const order = (await checkout(t.app, buyer)).json<{ id: number }>();
      const { answer, holder } = await whileAProductSaveHoldsIt(t, ids, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${order.id}/cancel`,
          headers: admin.headers,
          payload: {},
        }),
      );
      expect(holder).toBe('committed');
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
    });
  },
);

describe.each(testDialects)('checkouts of sizes of one product at once (%s)', (dialect) => {
  const t = useTestApp(dialect);

  // Each checkout's items refer to the product (a key-share lock) and the stock figures lock it
  // for update at commit; the order number's counter makes checkouts take turns from their
  // second step, so buyers of one product's sizes all get their order.
  it('places every order, and the stock is the sum of its movements', async () => {
    const db = t.database.db;
    const vat = await insertVatRate(db, { name: 'VAT sizes' });
    const product = await insertProduct(db, { has_variants: 1, vat_rate_id: vat.id });
    const sizes = [];
    for (const size of ['S', 'M', 'L', 'XL'])
      sizes.push(await insertVariant(db, product.id, { sku: `SIZE-${size}`, stock_quantity: 100 }));
    for (let round = 0; round < 2; round++) {
      const buyers = sizes.flatMap((size, i) =>
        [0, 1].map((n) => ({ session: `sizes_${dialect}_${round}_${i}_${n}`, size })),
      );
      for (const { session, size } of buyers)
        await addToCart(
          t.app,
          { session },
          { product_id: product.id, variant_id: size.id, quantity: 1 },
        );
      const answers = await Promise.all(buyers.map(({ session }) => checkout(t.app, { session })));
      expect(answers.map((a) => a.statusCode)).toEqual(buyers.map(() => 201));
    }
    // 2 buyers a size a round, 2 rounds: 4 units of each size, each one a movement.
    const stock = await db
      .selectFrom('variants')
      .select(['sku', 'stock_quantity'])
      .where('product_id', '=', product.id)
      .orderBy('id')
      .execute();
    expect(stock).toEqual(sizes.map((size) => ({ sku: size.sku, stock_quantity: 96 })));
    const moved = await db
      .selectFrom('stock_movements')
      .select(['variant_id', (eb) => eb.fn.sum<number>('delta').as('total')])
      .where(
        'variant_id',
        'in',
        sizes.map((size) => size.id),
      )
      .groupBy('variant_id')
      .orderBy('variant_id')
      .execute();
    expect(moved.map((m) => Number(m.total))).toEqual(sizes.map(() => -4));
  });
});

// SQLite has one writer at a time: the same meeting cannot deadlock there. A checkout and a save
// of the product sent together both complete on either database.
describe.each(testDialects)('a checkout and a save of its product at once (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const admin = useAdminAccount(t, 'admin');

  it('completes both, and the stock is the sum of its movements', async () => {
    const shop = stockShop(t, admin.headers);
    const [vat, category] = [
      await insertVatRate(t.database.db, { name: 'VAT at once' }),
      await insertCategory(t.database.db),
    ];
    const ids = await shop.product(
      'At once',
      { stock_quantity: 10 },
      {
        vatRateId: vat.id,
        categoryId: category.id,
      },
    );
    const buyer = { session: `at_once_${dialect}` };
    await addToCart(t.app, buyer, { product_id: ids.productId, quantity: 3 });
    const [bought, saved] = await Promise.all([
      checkout(t.app, buyer),
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/products/${ids.productId}`,
        headers: admin.headers,
        payload: {
          inventory: {
            sku: 'AT-ONCE',
            stock_quantity: 20,
            low_stock_threshold: 4,
            track_inventory: true,
            allow_backorder: false,
          },
        },
      }),
    ]);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockLedgerMismatches(t.database.db)).toEqual([]);
  });
});
