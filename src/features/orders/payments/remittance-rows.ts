import type { Remittance } from '@generated/model';
import { formatMoney } from '@/lib/format';
import { formatShopDay } from '@/lib/format';

/** One line of the remittances table, its texts computed once. */
export interface RemittanceRow {
  id: number;
  carrier: string;
  receivedOn: string;
  reference: string;
  orders: string;
  gross: string;
  fee: string;
  withheld: string;
  net: string;
}

export function toRemittanceRows(remittances: readonly Remittance[]): RemittanceRow[] {
  return remittances.map((r) => ({
    id: r.id,
    carrier: r.carrier,
    receivedOn: formatShopDay(r.received_on),
    reference: r.reference ?? '-',
    orders: String(r.order_count),
    gross: formatMoney(r.total_amount),
    fee: formatMoney(r.fee_amount),
    withheld: formatMoney(r.withheld_amount),
    net: formatMoney(r.net_amount),
  }));
}
