import Decimal from 'decimal.js';
import type { BulkEditResult, Product, ProductBulkEdit, Variant } from '@generated/model';
import { products as productFixtures, variants as variantFixtures } from '../fixtures';
import { endpoint, json } from './endpoint';

type Action = ProductBulkEdit['action'];

/** A product or variant as the bulk edit sees it (what the server's services/bulk-edit.ts reads). */
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
}

const MAX_PRICE = new Decimal('999999999.999');

/** The new price, rounded half-up to the millime like the server. */
function shifted(price: string, action: Extract<Action, { type: 'shift_price' }>): Decimal {
  const current = new Decimal(price);
  return action.unit === 'amount'
    ? current.plus(action.value)
    : current
        .times(new Decimal(100).plus(action.value))
        .dividedBy(100)
        .toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
}

/** A row's change (true), already so (false), or why it is refused. */
function plan(row: Row, action: Action): boolean | string {
  switch (action.type) {
    case 'set_price':
    case 'shift_price': {
      const after =
        action.type === 'set_price' ? new Decimal(action.price) : shifted(row.price, action);
      if (after.isNegative()) return 'price would be negative';
      if (after.greaterThan(MAX_PRICE)) return 'price would exceed 999999999.999';
      return !after.equals(row.price);
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
  return json(result);
}

const productRow = (p: Product): Row => ({
  id: p.id,
  label: p.name,
  price: p.base_price,
  is_active: p.is_active,
  category_id: p.category_id,
  vat_rate_id: p.vat_rate_id,
  // The fixtures carry no stock of simple products: take it as plenty, tracked.
  stock: p.has_variants
    ? 'has variants: change the stock of its variants'
    : { quantity: 100, tracked: true, backorder: false },
});

const variantRow = (v: Variant): Row => ({
  id: v.id,
  label: v.sku,
  price: v.price,
  is_active: v.is_active,
  category_id: null,
  vat_rate_id: v.vat_rate_id,
  stock: { quantity: v.stock_quantity, tracked: v.track_inventory, backorder: v.allow_backorder },
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
