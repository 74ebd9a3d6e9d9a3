import type { StockMovementEntry } from '@generated/model';
import { formatDateTime } from '@/lib/format';

/** A stock movement as the history and the ledger show it. */
export interface MovementRow {
  id: number;
  when: string;
  /** Title and SKU as they were when the movement was made. */
  title: string;
  sku: string;
  /** '+3', '-2'. */
  change: string;
  direction: 'in' | 'out';
  before: number;
  after: number;
  reason: string;
  /** The admin's username; '-' for the shop's own movements and deleted admins. */
  by: string;
  /** The order that caused the movement, when one did. */
  order: { id: number; number: string } | null;
}

export function toMovementRows(entries: readonly StockMovementEntry[]): MovementRow[] {
  return entries.map((m) => ({
    id: m.id,
    when: formatDateTime(m.created_at),
    title: m.title,
    sku: m.sku,
    change: m.delta > 0 ? `+${m.delta}` : String(m.delta),
    direction: m.delta > 0 ? 'in' : 'out',
    before: m.stock_before,
    after: m.stock_after,
    reason: m.reason?.trim() || '-',
    by: m.admin_username ?? '-',
    order:
      m.order_id !== null && m.order_number !== null
        ? { id: m.order_id, number: m.order_number }
        : null,
  }));
}
