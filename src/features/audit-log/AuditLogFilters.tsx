import { useMemo } from 'react';
import { AuditAction, AuditEntity, type AdminUser } from '@generated/model';
import { FilterBar, filterChoices, type FilterBarSelect } from '@/components/list-screen';
import { actionWords, entityLabel } from './audit-display';
import type { AuditFilters } from './audit-filters';
import { t } from './messages';

// 'Create', 'Update', 'Delete'.
const actionLabel = (action: AuditAction) =>
  actionWords(action).replace(/^./, (first) => first.toUpperCase());
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
      { value: '', label: t('allAdmins') },
      ...admins.map((admin) => ({ value: String(admin.id), label: admin.username })),
    ];
    return [
      {
        key: 'entity',
        label: t('filterByEntity'),
        options: filterChoices(t('allEntities'), Object.values(AuditEntity), entityLabel),
      },
      {
        key: 'action',
        label: t('filterByAction'),
        options: filterChoices(t('allActions'), Object.values(AuditAction), actionLabel),
      },
      { key: 'admin', label: t('filterByAdmin'), options: adminChoices },
    ];
  }, [admins]);
  return (
    <FilterBar filters={filters} onChange={onChange} selects={selects} selectWidth={SELECT_WIDTH} />
  );
}
