import type { AuditAction, AuditEntity, ListAuditLogParams } from '@generated/model';
import { shopDayRange } from '@/lib/format';

/**
 * The toolbar's filters of the audit log: '' is 'all'; `admin` is an admin's id as text; days
 * are date inputs' YYYY-MM-DD.
 */
export interface AuditFilters {
  entity: AuditEntity | '';
  action: AuditAction | '';
  admin: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { entity: '', action: '', admin: '', from: '', to: '' };

/** Some filter narrows the log (the count then says '3 of 12 entries'). */
export const isFiltered = (filters: AuditFilters) => Object.values(filters).some(Boolean);

/**
 * The list operation's params. Days are the shop's days (shopDayRange).
 */
export function auditParams({ entity, action, admin, from, to }: AuditFilters): ListAuditLogParams {
  return {
    entity: entity || undefined,
    action: action || undefined,
    admin_user_id: admin ? Number(admin) : undefined,
    ...shopDayRange(from, to),
  };
}
