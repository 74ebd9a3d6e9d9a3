import type { ExportOrdersParams, ExportOrdersRows } from '@generated/model';
import type { ExportChoice } from '@/components/list-screen';
import { orderParams, type OrderQuery } from './order-filters';
import { t } from './messages';

/** The files of the orders list's 'Export CSV' menu, in the active language. */
export const orderExports = (): readonly ExportChoice<ExportOrdersRows>[] => [
  { value: 'orders', label: t('exportOrders') },
  { value: 'lines', label: t('exportLines') },
];

/** The export's params: exactly what the list sends (search, filters, sort), and the rows. */
export function orderExportParams(query: OrderQuery, rows: ExportOrdersRows): ExportOrdersParams {
  return { ...orderParams(query), rows };
}
