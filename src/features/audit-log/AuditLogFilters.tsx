import { useMemo } from 'react';
import { AuditAction, AuditEntity, type AdminUser } from '@generated/model';
import { FilterBar, filterChoices, type FilterBarSelect } from '@/components/list-screen';
import { ENTITY_LABELS } from './audit-display';
import type { AuditFilters } from './audit-filters';

const ENTITIES = filterChoices('All entities', Object.values(AuditEntity), (e) => ENTITY_LABELS[e]);
// 'Create', 'Update', 'Delete'.
const ACTIONS = filterChoices('All actions', Object.values(AuditAction), (action) =>
  action.replace(/^./, (first) => first.toUpperCase()),
);
const SELECT_WIDTH = { sm: '11rem' };

interface AuditLogFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The admins one may filter by (none while the users load or when they cannot be). */
  admins: readonly Pick<AdminUser, 'id' | 'username'>[];
}

/** Entity, action, admin and date range of the audit log (each sent to the server). */
export function AuditLogFilters({ filters, onChange, admins }: AuditLogFiltersProps) {
  const selects = useMemo((): FilterBarSelect<AuditFilters>[] => {
    const adminChoices = [
      { value: '', label: 'All admins' },
      ...admins.map((admin) => ({ value: String(admin.id), label: admin.username })),
    ];
    return [
      { key: 'entity', label: 'Filter by entity', options: ENTITIES },
      { key: 'action', label: 'Filter by action', options: ACTIONS },
      { key: 'admin', label: 'Filter by admin', options: adminChoices },
    ];
  }, [admins]);
  return (
    <FilterBar filters={filters} onChange={onChange} selects={selects} selectWidth={SELECT_WIDTH} />
  );
}
