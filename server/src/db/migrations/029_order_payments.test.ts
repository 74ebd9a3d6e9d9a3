// Migration 029: orders placed before it owe their total (nothing once cancelled or refunded),
// are unpaid, and a new order is born owing its total whoever writes it; the mocks' fixtures,
// loaded as the server would hold them, show the balance the server's rule gives their payments.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { orderDetails } from '../../../../mocks/fixtures/orders';
import { orderPayments } from '../../../../mocks/fixtures/payments';
import {
  atMigration,
  insertBareOrder,
  openTestDatabase,
  testDialects,
} from '../../../test-support/databases';
import { loadMockFixtures } from '../../../test-support/mock-fixtures-db';
import { fromMillimes } from '../../domain/money';
import { listOrderPayments } from '../../services/orders/payments';
import { migrateToLatest } from '../migrate';

describe.each(testDialects)('migration 029_order_payments on %s', (dialect) => {
  it('gives existing orders their balance, and new ones theirs at insert', async () => {
    // From before #28, so 027–029 run together as an upgrade runs them.
    await atMigration(dialect, '026_product_stock', async (db, migrator) => {
      const statuses = ['pending', 'delivered', 'cancelled', 'refunded'] as const;
      for (const [i, status] of statuses.entries()) {
        const id = await insertBareOrder(db, `ORD-20260101-000${i + 1}`);
        await sql`update orders set status = ${status}, total_amount = ${(i + 1) * 1000}
        where id = ${id}`.execute(db);
      }
      expect((await migrator.migrateTo('029_order_payments')).error).toBeUndefined();
      const figures = () =>
        db
          .selectFrom('orders')
          .select(['order_number', 'payment_status', 'amount_paid', 'balance_due'])
          .orderBy('id')
          .execute();
      expect(await figures()).toEqual([
        {
          order_number: 'ORD-20260101-0001',
          payment_status: 'unpaid',
          amount_paid: 0,
          balance_due: 1000,
        },
        {
          order_number: 'ORD-20260101-0002',
          payment_status: 'unpaid',
          amount_paid: 0,
          balance_due: 2000,
        },
        {
          order_number: 'ORD-20260101-0003',
          payment_status: 'unpaid',
          amount_paid: 0,
          balance_due: 0,
        },
        {
          order_number: 'ORD-20260101-0004',
          payment_status: 'unpaid',
          amount_paid: 0,
          balance_due: 0,
        },
      ]);
      // A writer that knows nothing of payments (a seed, a bulk loader).
      // (An AFTER trigger: RETURNING shows the row as inserted, a read after shows it set.)
      await db
        .insertInto('orders')
        .values({
          order_number: 'ORD-20260101-0006',
          payment_method: 'card',
          customer_email: 'b@example.com',
          customer_type: 'individual',
          customer_country_code: 'TN',
          shipping_address: '{}',
          total_amount: 4200,
        })
        .execute();
      expect((await figures()).at(-1)).toEqual({
        order_number: 'ORD-20260101-0006',
        payment_status: 'unpaid',
        amount_paid: 0,
        balance_due: 4200,
      });
      await migrateToLatest(db, dialect);
    });
  });

  it("keeps the mocks' fixtures as the server's rule computes them from their payments", async () => {
    const database = await openTestDatabase(dialect);
    try {
      await loadMockFixtures(database.db, dialect);
      for (const order of orderDetails) {
        const answer = await listOrderPayments(database.db, order.id);
        expect(
          {
            payment_status: answer.payment_status,
            amount_paid: answer.amount_paid,
            balance_due: answer.balance_due,
          },
          order.order_number,
        ).toEqual({
          payment_status: order.payment_status,
          amount_paid: order.amount_paid,
          balance_due: order.balance_due,
        });
        expect(answer.payments).toEqual(orderPayments.filter((p) => p.order_id === order.id));
        const row = await database.db
          .selectFrom('orders')
          .select('balance_due')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(fromMillimes(Number(row.balance_due))).toBe(order.balance_due);
      }
    } finally {
      await database.dispose();
    }
  });
});
