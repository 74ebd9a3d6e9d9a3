import { getListAuditLogKey } from '@generated/hooks/audit/audit';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the audit log's first request (the route table, while the screen's code loads). */
export const preloadAuditLog = () => preloadFirstPage(getListAuditLogKey, {});

/** What a kind of entity is called on the screen (the dashboard's Recent Activity says it too). */
export { entityLabel } from './audit-display';
