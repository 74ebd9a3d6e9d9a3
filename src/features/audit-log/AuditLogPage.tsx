import { useState } from 'react';
import type { AuditEntry, ListAuditLogParams } from '@generated/model';
import { getListAuditLogKey } from '@generated/hooks/audit/audit';
import { useListUsers } from '@generated/hooks/users/users';
import { useServerList } from '@/components/list-screen';
import { serverMessage } from '@/lib/http';
import { auditParams, isFiltered, NO_FILTERS } from './audit-filters';
import { AuditLogView } from './AuditLogView';
import { t } from './messages';

/**
 * The audit log (/admin/audit-log): the server filters and pages it, and refuses it (403) to
 * the roles without audit:read, whose refusal is shown as it comes.
 */
export function AuditLogPage() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const list = useServerList<AuditEntry, ListAuditLogParams>({
    keyOf: getListAuditLogKey,
    params: auditParams(filters),
    unfiltered: isFiltered(filters) ? {} : null,
  });
  const users = useListUsers();
  return (
    <AuditLogView
      list={list}
      loadError={list.error ? serverMessage(list.error, t('loadFailed')) : null}
      filters={filters}
      onFiltersChange={setFilters}
      admins={users.data ?? []}
    />
  );
}
