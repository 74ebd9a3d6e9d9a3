import type { ExportOrdersParams, ExportOrdersRows } from '@generated/model';
import type { ExportChoice } from '@/components/list-screen';
import { orderParams, type OrderQuery } from './order-filters';

/** The files of the orders list's 'Export CSV' menu. */
export const ORDER_EXPORTS: readonly ExportChoice<ExportOrdersRows>[] = [
  { value: 'orders', label: 'One row per order' },
  { value: 'lines', label: 'One row per line' },
];

/** The export's params: exactly what the list sends (search, filters, sort), and the rows. */
export function orderExportParams(query: OrderQuery, rows: ExportOrdersRows): ExportOrdersParams {
  return { ...orderParams(query), rows };
}
