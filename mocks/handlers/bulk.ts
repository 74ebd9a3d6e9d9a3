import type {
  BulkEditResult,
  BulkPricePreview,
  Product,
  ProductBulkEdit,
  Variant,
} from '@generated/model';
// The server's own price arithmetic (integer millimes, half-up), so a preview cannot drift.
import { changedPrice, priceChange } from '../../server/src/domain/price-change';
import { fromMillimes, toMillimes } from '../../server/src/domain/money';
import { products as productFixtures, variants as variantFixtures } from '../fixtures';
import { endpoint, json } from './endpoint';

type Action = ProductBulkEdit['action'];

/** A product or variant as the bulk edit sees it (what the server's services/catalogue/bulk-edit.ts reads). */
interface Row {
  id: number;
  label: string;
  /** The price, or why it cannot be changed. */
  price: string;
  is_active: boolean;
  category_id: number | null;
  vat_rate_id: number | null;
  /** The stock, or why it cannot be changed. */
  stock: { quantity: number; tracked: boolean; backorder: boolean } | string;
  /** A product's own variants, whose prices a price action moves too. */
  variants: { sku: string; title: string; price: string }[];
}

type PriceAction = Extract<Action, { type: 'set_price' | 'shift_price' }>;
type Example = BulkPricePreview['examples'][number];

/** The charged prices a price action changes in a row (as the server), or why it is refused. */
function priceChanges(row: Row, action: PriceAction): Example[] | string {
  const change = priceChange(action);
  const base = changedPrice(change, toMillimes(row.price));
  if (typeof base === 'string') return base;
  const examples: Example[] = [];
  for (const variant of row.variants) {
    const after = changedPrice(change, toMillimes(variant.price));
    if (typeof after === 'string') return `variant ${variant.sku}: ${after}`;
    if (after !== toMillimes(variant.price)) {
      examples.push({
        label: `${row.label} — ${variant.title}`,
        before: fromMillimes(toMillimes(variant.price)),
        after: fromMillimes(after),
      });
    }
  }
  if (row.variants.length > 0) return examples;
  const before = toMillimes(row.price);
  return base === before
    ? []
    : [{ label: row.label, before: fromMillimes(before), after: fromMillimes(base) }];
}

/** A row's change (true), already so (false), or why it is refused. */
function plan(row: Row, action: Action): boolean | string {
  switch (action.type) {
    case 'set_price':
    case 'shift_price': {
      const changes = priceChanges(row, action);
      if (typeof changes === 'string') return changes;
      return changes.length > 0 || toMillimes(row.price) !== planBase(row, action);
    }
    case 'set_stock':
    case 'adjust_stock': {
      if (typeof row.stock === 'string') return row.stock;
      if (action.type === 'set_stock') return action.quantity !== row.stock.quantity;
      if (!row.stock.tracked) return 'does not track inventory';
      if (row.stock.quantity + action.delta < 0 && !row.stock.backorder) {
        return `not enough stock: ${row.stock.quantity} in stock, cannot remove ${-action.delta}`;
      }
      return true;
    }
    case 'set_status':
      return action.is_active !== row.is_active;
    case 'set_category':
      return action.category_id !== row.category_id;
    case 'set_vat_rate':
      return action.vat_rate_id !== row.vat_rate_id;
  }
}

/** The row's new base price in millimes (its refusal is caught by priceChanges first). */
function planBase(row: Row, action: PriceAction): number {
  const after = changedPrice(priceChange(action), toMillimes(row.price));
  return typeof after === 'number' ? after : toMillimes(row.price);
}

/** The dry run's preview of a price action, as services/catalogue/bulk-edit.ts builds it. */
function preview(rows: readonly Row[], action: PriceAction): BulkPricePreview {
  const charged = rows.flatMap((row) => priceChanges(row, action) as Example[]);
  return {
    prices_changed: charged.length,
    examples: charged.slice(0, 3),
    products_with_variants: rows
      .filter((row) => row.variants.length > 0)
      .map((row) => ({ id: row.id, name: row.label, variant_count: row.variants.length })),
  };
}

/** Applies the action to the rows like the server: 404 for unknown ids, 409 naming refused rows. */
function bulkEdit(noun: 'Product' | 'Variant', rows: readonly Row[], body: ProductBulkEdit) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = body.ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    return json({ detail: `${noun}s not found: ${missing.join(', ')}` }, 404);
  }
  const selected = [...body.ids].sort((a, b) => a - b).map((id) => byId.get(id)!);
  const outcomes = selected.map((row) => ({ row, outcome: plan(row, body.action) }));
  const refused = outcomes.filter(({ outcome }) => typeof outcome === 'string');
  if (refused.length > 0) {
    const detail = refused
      .map(({ row, outcome }) => `${noun} ${row.id} (${row.label}): ${String(outcome)}`)
      .join('; ');
    return json({ detail }, 409);
  }
  const changed = outcomes.filter(({ outcome }) => outcome === true).length;
  const result: BulkEditResult = { changed, unchanged: selected.length - changed };
  const action = body.action;
  if (body.dry_run === true && (action.type === 'set_price' || action.type === 'shift_price')) {
    result.preview = preview(selected, action);
  }
  return json(result);
}

const simpleStock = (v: Variant | undefined) =>
  v
    ? { quantity: v.stock_quantity, tracked: v.track_inventory, backorder: v.allow_backorder }
    : { quantity: 100, tracked: true, backorder: false };

const productRow = (p: Product): Row => ({
  id: p.id,
  label: p.name,
  price: p.base_price,
  is_active: p.is_active,
  category_id: p.category_id,
  vat_rate_id: p.vat_rate_id,
  // A simple product's stock is its default variant's (none: plenty, tracked).
  stock: p.has_variants
    ? 'has variants: change the stock of its variants'
    : simpleStock(variantFixtures.find((v) => v.product_id === p.id)),
  variants: p.has_variants
    ? variantFixtures
        .filter((v) => v.product_id === p.id)
        .map((v) => ({ sku: v.sku, title: v.variant_title, price: v.price }))
    : [],
});

const variantRow = (v: Variant): Row => ({
  id: v.id,
  label: v.sku,
  price: v.price,
  is_active: v.is_active,
  category_id: null,
  vat_rate_id: v.vat_rate_id,
  stock: { quantity: v.stock_quantity, tracked: v.track_inventory, backorder: v.allow_backorder },
  variants: [],
});

/** POST of a bulk edit: the action applied to these rows (default the fixtures). */
const bulkEndpoint = <R>(
  path: string,
  noun: 'Product' | 'Variant',
  toRow: (row: R) => Row,
  fixtures: readonly R[],
) =>
  endpoint(
    'post',
    path,
    (rows: readonly R[] = fixtures) =>
      ({ body }) =>
        bulkEdit(noun, rows.map(toRow), body as ProductBulkEdit),
  );

export const bulk = {
  products: bulkEndpoint('/admin/products/bulk', 'Product', productRow, productFixtures),
  variants: bulkEndpoint('/admin/variants/bulk/edit', 'Variant', variantRow, variantFixtures),
};
