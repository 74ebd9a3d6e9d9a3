import type { AuditEntry } from '@generated/model';
import { auditEntries as fixtures } from '../fixtures';
import { adminListEndpoint, type ListSpec } from './endpoint';

/** What listAuditLog does with its filters; the entries stay newest first. */
const auditListSpec: ListSpec<AuditEntry> = {
  filters: {
    entity: (entry, entity) => entry.entity === entity,
    entity_id: (entry, id) => String(entry.entity_id) === id,
    admin_user_id: (entry, id) => String(entry.admin_user_id) === id,
    action: (entry, action) => entry.action === action,
    date_from: (entry, from) => Date.parse(entry.created_at) >= Date.parse(from),
    date_to: (entry, to) => Date.parse(entry.created_at) <= Date.parse(to),
  },
};

export const audit = {
  /**
   * GET /admin/audit-log/ (entity, entity_id, admin_user_id, action, date range, skip/limit,
   * X-Total-Count), asked by an admin of `role`: 403 'Not enough permissions' without audit:read.
   */
  list: adminListEndpoint('/admin/audit-log/', auditListSpec, 'audit:read', fixtures),
};
