import type { StockMovementEntry } from '@generated/model';
import { formatDateTime } from '@/lib/format';
import { isolate } from '@/lib/i18n';
import { t } from './messages';

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
  /** Why, in the reader's language (an admin's adjustment: their words as typed). */
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
    reason: reasonOf(m),
    by: m.admin_username ?? '-',
    order:
      m.order_id !== null && m.order_number !== null
        ? { id: m.order_id, number: m.order_number }
        : null,
  }));
}

/**
 * Why a movement was made, worded from its kind and references in the language of the moment
 * (docs/product.md §10.5). An adjustment shows the admin's own words as typed. A movement whose
 * references are missing shows the server's English text rather than a broken sentence.
 */
function reasonOf(m: StockMovementEntry): string {
  const asStored = m.reason?.trim() || '-';
  // Numbers and file names are left-to-right runs inside an Arabic sentence.
  const number = m.order_number === null ? null : isolate(m.order_number);
  switch (m.kind) {
    case 'adjustment':
      return asStored;
    case 'checkout':
      return number === null ? asStored : t('kind.checkout', { number });
    case 'cancel':
    case 'reopen':
      return number === null || m.order_status === null
        ? asStored
        : t(m.kind === 'cancel' ? 'kind.cancel' : 'kind.reopen', {
            number,
            status: m.order_status,
          });
    case 'return':
      return number === null ? asStored : t('kind.return', { number });
    case 'edit':
      return number === null ? asStored : t('kind.edit', { number });
    case 'import':
      return m.import_file === null ? asStored : t('kind.import', { file: isolate(m.import_file) });
    case 'inventory_update':
      return t('kind.inventoryUpdate');
    case 'variant_inventory':
      return t('kind.variantInventory');
    case 'variant_update':
      return t('kind.variantUpdate');
    case 'initial_stock':
      return t('kind.initialStock');
  }
}
