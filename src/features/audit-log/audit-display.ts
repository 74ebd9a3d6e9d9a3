import type { AuditAction, AuditEntity, AuditEntry } from '@generated/model';
import type { BadgeStyle } from '@/components/list-screen';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { t } from './messages';
import en from './messages/en.json';

/** What a kind of entity is called on the screen ('VAT rate'); an unknown kind as the API says it. */
export function entityLabel(entity: AuditEntity): string {
  const key = `entity.${entity}`;
  return key in en ? t(key as keyof typeof en) : entity;
}

/** 'create', 'update', 'delete', in the active language (lower case, as the API's). */
export const actionWords = (action: AuditAction) => t(`action.${action}`);

/** Creations plain, updates and exports quiet, deletions red. */
const ACTION_BADGES: Record<AuditAction, BadgeStyle> = {
  create: 'default',
  update: 'secondary',
  delete: 'destructive',
  export: 'secondary',
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
  /** The action in words. */
  action: string;
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
  if (admin_username === null) return t('system');
  return admin_user_id === null ? t('deletedAdmin', { name: admin_username }) : admin_username;
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
    action: actionWords(entry.action),
    badge: ACTION_BADGES[entry.action],
    kind: entityLabel(entry.entity),
    label: labelOf(entry),
    href: hrefOf(entry),
    entry,
  }));
}

/** '1 change', '3 changes'. */
export const changeCount = (count: number) => t('changeCount', { count });

/**
 * A recorded value as text: strings as they are ('12.500', '[redacted]'), null (absent) as '-',
 * anything else as JSON (true, 12, ["a"]).
 */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
