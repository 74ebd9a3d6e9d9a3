import type { AuditAction, AuditEntity, AuditEntry } from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** What each kind of entity is called on the screen. */
export const ENTITY_LABELS: Record<AuditEntity, string> = {
  product: 'Product',
  variant: 'Variant',
  category: 'Category',
  vat_rate: 'VAT rate',
  admin_user: 'User',
  order: 'Order',
  order_note: 'Order note',
  order_shipment: 'Shipment',
  invoice: 'Invoice',
  shop_settings: 'Shop settings',
  media: 'Media',
};

/** Creations plain, updates quiet, deletions red. */
const ACTION_BADGES: Record<AuditAction, BadgeStyle> = {
  create: 'default',
  update: 'secondary',
  delete: 'destructive',
};

/** The screens that show an entity of these kinds (users have a list, not a page of their own). */
const ENTITY_PAGES: Partial<Record<AuditEntity, (id: number) => string>> = {
  product: paths.products.edit,
  order: paths.orders.detail,
  admin_user: () => paths.users.list,
};

/** One line of the audit log table, its texts computed once. */
export interface AuditRow {
  id: number;
  when: string;
  admin: string;
  action: AuditAction;
  badge: BadgeStyle;
  kind: string;
  /** What was written ('#12' when the server gave no name; none for the shop settings). */
  label: string;
  /** Its screen, unless the write deleted it. */
  href: string | null;
  entry: AuditEntry;
}

/** Who wrote: the username, marked when that admin was deleted since; 'System' for the server. */
function adminName({ admin_user_id, admin_username }: AuditEntry): string {
  if (admin_username === null) return 'System';
  return admin_user_id === null ? `${admin_username} (deleted)` : admin_username;
}

function labelOf({ entity, entity_id, label }: AuditEntry): string {
  if (label) return label;
  return entity === 'shop_settings' || entity_id === null ? '' : `#${entity_id}`;
}

function hrefOf({ entity, entity_id, action }: AuditEntry): string | null {
  const page = ENTITY_PAGES[entity];
  return page && entity_id !== null && action !== 'delete' ? page(entity_id) : null;
}

/** The table rows of the entries, in the order the API returned them. */
export function toAuditRows(entries: readonly AuditEntry[]): AuditRow[] {
  return entries.map((entry) => ({
    id: entry.id,
    when: formatDateTime(entry.created_at),
    admin: adminName(entry),
    action: entry.action,
    badge: ACTION_BADGES[entry.action],
    kind: ENTITY_LABELS[entry.entity] ?? entry.entity,
    label: labelOf(entry),
    href: hrefOf(entry),
    entry,
  }));
}

/** '1 change', '3 changes'. */
export const changeCount = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * A recorded value as text: strings as they are ('12.500', '[redacted]'), null (absent) as '-',
 * anything else as JSON (true, 12, ["a"]).
 */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
