// The CSV import at the size (#14): a 10,000-row file (2,000 products with 4 variants
// each and 2,000 products without variants) checked (dry run) and applied over HTTP, then the
// same file with every price changed, checked and applied again (all updates). Prints seconds
// and rows/s; the target is 10,000 rows in under 30 s on SQLite. Figures, never
// asserted. On the embedded SQLite, or on PostgreSQL under scripts/with-postgres.sh:
//   npx tsx bench/import.bench.ts
//   bash scripts/with-postgres.sh npx tsx bench/import.bench.ts
import { openBenchShop } from './shop';

const PRODUCTS_WITH_VARIANTS = 2_000;
const VARIANTS_EACH = 4;
const SIMPLE_PRODUCTS = 2_000;

const shop = await openBenchShop('shop-import-bench');
const { database, address, headers } = shop;
const now = new Date().toISOString();
await database.db
  .insertInto('categories')
  .values({ name: 'Bench', slug: 'bench', created_at: now, updated_at: now })
  .execute();
const rate = await database.db
  .selectFrom('vat_rates')
  .select('name')
  .where('is_default', '=', 1)
  .executeTakeFirstOrThrow();

/** The file, its prices raised by `cents` millimes so that a second file updates every row. */
function file(cents: number): string {
  const lines = [
    'slug,product_name,category,base_price,vat_rate_name,sku,variant_title,option_values,price,stock_quantity',
  ];
  const price = (n: number) => ((10_000 + n + cents) / 1000).toFixed(3);
  for (let p = 0; p < PRODUCTS_WITH_VARIANTS; p += 1) {
    for (let v = 0; v < VARIANTS_EACH; v += 1) {
      lines.push(
        `shirt-${p},Shirt ${p},bench,${price(p)},${rate.name},SHIRT-${p}-${v},Size ${v},Size=${v},${price(p + v)},${(p + v) % 50}`,
      );
    }
  }
  for (let p = 0; p < SIMPLE_PRODUCTS; p += 1) {
    lines.push(`mug-${p},Mug ${p},bench,${price(p)},${rate.name},,,,,${p % 30}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function run(text: string, mode: 'dry_run' | 'apply') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/csv' }), 'bench.csv');
  const t0 = performance.now();
  const res = await fetch(`${address}/api/v1/admin/imports/products?mode=${mode}`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await res.json()) as { rows_total?: number; summary?: Record<string, number> };
  const seconds = (performance.now() - t0) / 1000;
  const rows = body.rows_total ?? 0;
  console.log(
    `${database.dialect} ${mode}: status ${res.status}, ${rows} rows in ${seconds.toFixed(2)} s ` +
      `= ${Math.round(rows / seconds)} rows/s, ${JSON.stringify(body.summary)}`,
  );
}

const created = file(0);
await run(created, 'dry_run');
await run(created, 'apply');
const updated = file(1);
await run(updated, 'dry_run');
await run(updated, 'apply');

await shop.close();
