// The product events (#31) of the catalogue's writes beyond the product form (products.ts raises
// its own): the CSV import and its images job, bulk edit, and the variants API, each in the
// transaction of its write (outbox.ts). "Once" is per product per write: a write that touches
// several rows of one product (three variant rows of an import, a bulk edit of four of its
// variants) raises one product.created or product.updated for it, carrying the product as it is
// after the whole write; a write that changes nothing of a product raises nothing for it.
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import { getProduct } from '../catalogue/products';
import { emitWebhookEvents } from './outbox';
import { withStockAfterWrite } from './product-stock';

type Product = Schemas['Product'];

/** The product as the API will return it once the write commits (its stock figures included). */
async function productAfterWrite(trx: Db, id: number, at: Date): Promise<Product> {
  return withStockAfterWrite(trx, await getProduct(trx, id, at));
}

/** Distinct ids in ascending order: one event per product, in a stable order. */
const distinct = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/** product.created for each of these products, once each, as they are after the write. */
export function emitProductsCreated(trx: Db, ids: Iterable<number>, at: Date): Promise<void> {
  return emitWebhookEvents(
    trx,
    'product.created',
    at,
    distinct(ids).map((id) => () => productAfterWrite(trx, id, at)),
  );
}

/** product.updated for each of these products, once each, as they are after the write. */
export function emitProductsUpdated(trx: Db, ids: Iterable<number>, at: Date): Promise<void> {
  return emitWebhookEvents(
    trx,
    'product.updated',
    at,
    distinct(ids).map((id) => () => productAfterWrite(trx, id, at)),
  );
}
