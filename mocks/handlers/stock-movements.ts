import type { StockMovementEntry } from '@generated/model';
import { stockMovementAdmins, stockMovements } from '../fixtures/stock-movements';
import { CSV_COLUMNS } from '../../contract/csv-columns';
import * as crud from './crud';
import { endpoint, queryItems, type ListSpec } from './endpoint';
import { csvFile, FILE_DATE, separatorOf, type Cell } from './exports';

const sameId = (id: number | null, value: string) => id !== null && String(id) === value;

/** The ledger's filters as the server applies them (the fixtures are newest first already). */
const ledgerSpec: ListSpec<StockMovementEntry> = {
  filters: {
    variant_id: (m, value) => sameId(m.variant_id, value),
    product_id: (m, value) => sameId(m.product_id, value),
    admin_user_id: (m, value) => sameId(m.admin_user_id, value),
    order_id: (m, value) => sameId(m.order_id, value),
    reason: (m, value) => (m.reason ?? '').toLowerCase().includes(value.trim().toLowerCase()),
    date_from: (m, value) => Date.parse(m.created_at) >= Date.parse(value),
    date_to: (m, value) => Date.parse(m.created_at) <= Date.parse(value),
  },
};

const csvRow = (m: StockMovementEntry): Cell[] => [
  m.created_at,
  m.variant_id,
  m.product_id,
  m.sku,
  m.title,
  m.delta,
  m.stock_before,
  m.stock_after,
  m.reason,
  m.admin_username,
  m.order_number,
  m.kind,
];

export const stockHistory = {
  /** GET /admin/stock-movements/ (filters, skip/limit, X-Total-Count); default: the fixtures. */
  list: crud.queriedListOf('/admin/stock-movements/', stockMovements, ledgerSpec),
  /** GET /admin/stock-movements/admins: the admin filter's choices. */
  admins: crud.single('/admin/stock-movements/admins', stockMovementAdmins),
  /** GET /admin/exports/stock-movements: the ledger's filters, one row per movement. */
  export: endpoint(
    'get',
    '/admin/exports/stock-movements',
    (items: readonly StockMovementEntry[] = stockMovements) =>
      ({ url }) => {
        const found = queryItems(items, url.searchParams, ledgerSpec);
        return csvFile(
          `stock-movements-${FILE_DATE}.csv`,
          CSV_COLUMNS.stockMovements,
          found.map(csvRow),
          found.length,
          separatorOf(url),
        );
      },
  ),
};
