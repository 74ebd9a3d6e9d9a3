// The returns and stock reports (#35, docs/product.md §10.30; services/reports/returns.ts,
// stock.ts):
// - order_returns.created_at: the returns report reads the returns recorded between a period's
//   instants; without it, every return ever recorded was read.
// - product_sales_daily by (variant_key, day): slow movers probe each variant in stock for an
//   earned sale in the window and low stock sums its few variants' units over 30 days; the
//   roll-up's own key starts with the day, which made both read every row of the window.
import type { Kysely, Migration } from 'kysely';
import { indexColumn } from './helpers';

export function stockReports(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await indexColumn(db, 'order_returns', 'created_at');
      await db.schema
        .createIndex('product_sales_daily_variant_day')
        .on('product_sales_daily')
        .columns(['variant_key', 'day'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('product_sales_daily_variant_day').execute();
      await db.schema.dropIndex('order_returns_created_at').execute();
    },
  };
}
