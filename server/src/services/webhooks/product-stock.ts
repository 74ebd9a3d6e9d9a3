// A product event's stock figures (#31). Product.stock_quantity and stock_state are columns of
// products that PostgreSQL's triggers refresh only at commit (migration 026): inside the write
// that raises the event they still show the stock of before it. The event carries the product as
// the API will return it once committed, so they are computed here from its variants, by the
// rule the triggers follow (domain/inventory.ts isStockCounted, productStock). Apart from
// product-events.ts so that the product form (catalogue/products.ts) can use it too: that file
// needs no import back.
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { isStockCounted, productStock } from '../../domain/inventory';

type Product = Schemas['Product'];

/** `product` (as read in the write's transaction) with the stock figures of after the write. */
export async function withStockAfterWrite(trx: Db, product: Product): Promise<Product> {
  const variants = await trx
    .selectFrom('variants')
    .select(['is_active', 'is_default', 'track_inventory', 'stock_quantity', 'low_stock_threshold'])
    .where('product_id', '=', product.id)
    .execute();
  const counted = variants
    .map((v) => ({
      ...v,
      stock_quantity: Number(v.stock_quantity),
      low_stock_threshold: Number(v.low_stock_threshold),
    }))
    .filter((v) => isStockCounted(product, v));
  const { quantity, state } = productStock(counted);
  return { ...product, stock_quantity: quantity, stock_state: state };
}
