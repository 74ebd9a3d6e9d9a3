import type {
  BulkDeleteRequest,
  BulkInventoryUpdateItem,
  VariantBulkUpdateItem,
  DuplicateVariantRequest,
  InventoryStatusReport,
  StockAdjustment,
  Variant,
  VariantCreate,
  VariantPage,
} from '@generated/model';
import { products as productFixtures, variants as fixtures } from '../fixtures';
import { stockState } from '../../server/src/domain/inventory';
import * as crud from './crud';
import { endpoint, json, newId, notFound, now } from './endpoint';
import { adjustmentRefusal, conflict, SKU_TAKEN, skuTaken } from './conflicts';

const find = (id: string | undefined) => crud.findById(fixtures, id);
const VARIANT_NOT_FOUND = 'Variant not found';
const PRODUCT_NOT_FOUND = 'Product not found';
/** Whether the fixtures have this product (the server's 404 for a new variant's product). */
const productKnown = (id: number) => productFixtures.some((p) => p.id === id);

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
/** The product name the inventory report shows (the fixtures' products). */
const productName = (productId: number) =>
  productFixtures.find((p) => p.id === productId)?.name ?? `Product ${productId}`;

/** GET /admin/variants/ filters and pages like the server (page_size default 10 here). */
function page(items: readonly Variant[], url: URL): VariantPage {
  const q = url.searchParams;
  const search = q.get('search')?.toLowerCase();
  const filtered = items.filter(
    (v) =>
      (!q.get('product_id') || String(v.product_id) === q.get('product_id')) &&
      (!search ||
        [v.sku, v.variant_title, v.barcode ?? '', productName(v.product_id)].some((f) =>
          f.toLowerCase().includes(search),
        )) &&
      (q.get('is_active') === null || String(v.is_active) === q.get('is_active')) &&
      (q.get('low_stock_only') !== 'true' || stockState(v) === 'low_stock') &&
      (q.get('out_of_stock_only') !== 'true' || stockState(v) === 'out_of_stock'),
  );
  // The server's order: by product, then position, then id.
  filtered.sort((a, b) => a.product_id - b.product_id || a.position - b.position || a.id - b.id);
  const size = Number(q.get('page_size') ?? 10) || 10;
  const number = Number(q.get('page') ?? 1) || 1;
  return {
    items: filtered.slice((number - 1) * size, number * size),
    total: filtered.length,
    page: number,
    page_size: size,
    total_pages: Math.ceil(filtered.length / size),
  };
}

/** A new variant of the product from a create body (the price taken as the gross price). */
const newVariant = (body: VariantCreate, productId: number) => ({
  ...fixtures[0]!,
  images: [],
  ...body,
  product_id: productId,
  price_incl_vat: body.price,
});

/** The first entry whose SKU a fixture variant (other than its own) or an earlier entry has. */
function takenSku(entries: readonly { id?: number; sku?: string }[]): number {
  return entries.findIndex(
    ({ id, sku }, index) =>
      skuTaken(sku, id) ||
      (sku !== undefined && entries.slice(0, index).some((e) => e.sku === sku)),
  );
}

/**
 * A bulk PATCH: each item applied to its variant, answered as {items, count}; the server's
 * refusal of the first item whose variant the fixtures do not have (404) or whose SKU is taken
 * (409), in the items' order.
 */
const bulkPatchEndpoint = <Item extends { id: number; sku?: string }>(path: string) =>
  endpoint('patch', path, () => ({ body }) => {
    const items = (body as Item[] | undefined) ?? [];
    const taken = takenSku(items);
    const missing = items.findIndex((item) => !find(String(item.id)));
    if (missing >= 0 && (taken < 0 || missing <= taken))
      return notFound(`items[${missing}]: Variant ${items[missing]!.id} not found`);
    if (taken >= 0) return conflict(`items[${taken}]: ${SKU_TAKEN}`);
    const updated = items.map((v) => ({ ...find(String(v.id)), ...v }));
    return json({ items: updated, count: updated.length });
  });

export const variants = {
  /** GET /admin/variants/ → VariantPage; a VariantPage given as is, else the fixtures filtered. */
  list: endpoint(
    'get',
    '/admin/variants/',
    (source: readonly Variant[] | VariantPage = fixtures) =>
      ({ url }) =>
        json(Array.isArray(source) ? page(source, url) : source),
  ),
  get: crud.getById('/admin/variants/:id', fixtures, 'Variant'),
  /**
   * POST /admin/variants/{productId}/variants (201); 404 for a product the fixtures do not have,
   * 409 when the SKU is used.
   */
  create: endpoint(
    'post',
    '/admin/variants/:productId/variants',
    (result?: Variant) =>
      ({ params, body }) => {
        const input = body as VariantCreate;
        if (result !== undefined) return json(result, 201);
        if (!productKnown(Number(params.productId))) return notFound(PRODUCT_NOT_FOUND);
        if (skuTaken(input.sku)) return conflict(SKU_TAKEN);
        return json(
          {
            ...newVariant(input, Number(params.productId)),
            id: newId(),
            created_at: now(),
            updated_at: now(),
          },
          201,
        );
      },
  ),
  /**
   * PATCH /admin/variants/{id}; 404 for another id than the fixtures', 409 when the SKU is
   * another variant's.
   */
  update: endpoint('patch', '/admin/variants/:id', (result?: Variant) => ({ params, body }) => {
    if (result !== undefined) return json(result);
    const current = find(params.id);
    if (!current) return notFound(VARIANT_NOT_FOUND);
    const changes = body as Partial<Variant>;
    if (skuTaken(changes.sku, current.id)) return conflict(SKU_TAKEN);
    return json({ ...current, ...changes, updated_at: now() });
  }),
  /** DELETE /admin/variants/{id} (204) of one of `items` (default: the fixtures), else 404. */
  delete: crud.remove('/admin/variants/:id', fixtures, 'Variant'),
  /**
   * DELETE /admin/variants/bulk/delete {ids} → {deleted_ids, count}, ids of `items` (default: the
   * fixtures); 404 naming the first other one, as the server answers.
   */
  bulkDelete: endpoint(
    'delete',
    '/admin/variants/bulk/delete',
    (items: readonly Variant[] = fixtures) =>
      ({ body }) => {
        const ids = (body as BulkDeleteRequest | undefined)?.ids ?? [];
        const missing = ids.findIndex((id) => !items.some((v) => v.id === id));
        if (missing >= 0) return notFound(`ids[${missing}]: Variant ${ids[missing]} not found`);
        return json({ deleted_ids: ids, count: ids.length });
      },
  ),
  /** POST /admin/variants/{id}/duplicate (201): SKU new_sku or '<sku>-copy'. */
  duplicate: endpoint(
    'post',
    '/admin/variants/:id/duplicate',
    (result?: Variant) =>
      ({ params, body }) => {
        if (result !== undefined) return json(result, 201);
        const original = find(params.id);
        if (!original) return notFound(VARIANT_NOT_FOUND);
        const sku =
          (body as DuplicateVariantRequest | undefined)?.new_sku ?? `${original.sku}-copy`;
        if (skuTaken(sku)) return conflict(SKU_TAKEN);
        return json({ ...original, id: newId(), sku, created_at: now() }, 201);
      },
  ),
  /** POST /admin/variants/{id}/inventory/adjust {adjustment, reason} → StockAdjustmentResult */
  adjust: endpoint('post', '/admin/variants/:id/inventory/adjust', () => ({ params, body }) => {
    const variant = find(params.id);
    if (!variant) return notFound(VARIANT_NOT_FOUND);
    const { adjustment, reason } = body as StockAdjustment;
    const refusal = adjustmentRefusal(variant, adjustment);
    if (refusal) return conflict(refusal);
    const after = variant.stock_quantity + adjustment;
    return json({
      variant: { ...variant, stock_quantity: after, updated_at: now() },
      movement: {
        id: newId(),
        kind: 'adjustment',
        variant_id: variant.id,
        order_id: null,
        order_status: null,
        import_file: null,
        sku: variant.sku,
        title: variant.variant_title,
        delta: adjustment,
        reason: reason ?? null,
        stock_before: variant.stock_quantity,
        stock_after: after,
        admin_user_id: 1,
        created_at: now(),
      },
    });
  }),
  /** PATCH /admin/variants/{id}/inventory → the variant */
  inventory: crud.update('/admin/variants/:id/inventory', (params) => find(params.id), 'Variant'),
  /** GET /admin/variants/inventory/status */
  inventoryStatus: crud.listOf('/admin/variants/inventory/status', fixtures, (items, query) => {
    const productId = query.get('product_id');
    const status = query.get('status');
    const size = Number(query.get('page_size') ?? 10) || 10;
    const number = Number(query.get('page') ?? 1) || 1;
    const scoped = items.filter((v) => !productId || String(v.product_id) === productId);
    const all = scoped.map((v) => ({
      variant_id: v.id,
      product_id: v.product_id,
      product_name: productName(v.product_id),
      position: v.position,
      sku: v.sku,
      variant_title: v.variant_title,
      stock_quantity: v.stock_quantity,
      low_stock_threshold: v.low_stock_threshold,
      track_inventory: v.track_inventory,
      allow_backorder: v.allow_backorder,
      status: stockState(v),
    }));
    const count = (s: string) => all.filter((r) => r.status === s).length;
    // The server's order: by product name, then position, then id; counts before the filter.
    const rows = all
      .filter((r) => status === null || r.status === status)
      .sort(
        (a, b) =>
          compare(a.product_name, b.product_name) ||
          a.position - b.position ||
          a.variant_id - b.variant_id,
      );
    const report: InventoryStatusReport = {
      items: rows.slice((number - 1) * size, number * size).map(({ position: _p, ...row }) => row),
      total: rows.length,
      page: number,
      page_size: size,
      total_pages: Math.ceil(rows.length / size),
      summary: {
        in_stock: count('in_stock'),
        low_stock: count('low_stock'),
        out_of_stock: count('out_of_stock'),
        not_tracked: count('not_tracked'),
      },
    };
    return json(report);
  }),
  /** POST /admin/variants/bulk/create?product_id (201) */
  bulkCreate: endpoint('post', '/admin/variants/bulk/create', () => ({ url, body }) => {
    const productId = Number(url.searchParams.get('product_id'));
    if (!productKnown(productId)) return notFound(PRODUCT_NOT_FOUND);
    const taken = takenSku((body as VariantCreate[] | undefined) ?? []);
    if (taken >= 0) return conflict(`items[${taken}]: ${SKU_TAKEN}`);
    const created = ((body as VariantCreate[] | undefined) ?? []).map((v) => ({
      ...newVariant(v, productId),
      id: newId(),
    }));
    return json({ items: created, count: created.length }, 201);
  }),
  /** PATCH /admin/variants/bulk/update */
  bulkUpdate: bulkPatchEndpoint<VariantBulkUpdateItem>('/admin/variants/bulk/update'),
  /** PATCH /admin/variants/bulk/inventory */
  bulkInventory: bulkPatchEndpoint<BulkInventoryUpdateItem>('/admin/variants/bulk/inventory'),
};
