import { Input } from '@chakra-ui/react';
import { AuditAction, AuditEntity, type AdminUser } from '@generated/model';
import { FilterSelect } from '@/components/list-screen';
import { ENTITY_LABELS } from './audit-display';
import type { AuditFilters } from './audit-filters';

const ALL_ENTITIES = [
  { value: '' as const, label: 'All entities' },
  ...Object.values(AuditEntity).map((entity) => ({ value: entity, label: ENTITY_LABELS[entity] })),
];
const ALL_ACTIONS = [
  { value: '' as const, label: 'All actions' },
  { value: AuditAction.create, label: 'Create' },
  { value: AuditAction.update, label: 'Update' },
  { value: AuditAction.delete, label: 'Delete' },
];
const SELECT_WIDTH = { sm: '11rem' };

interface AuditLogFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The admins one may filter by (none while the users load or when they cannot be). */
  admins: readonly Pick<AdminUser, 'id' | 'username'>[];
}

/** Entity, action, admin and date range of the audit log (each sent to the server). */
export function AuditLogFilters({ filters, onChange, admins }: AuditLogFiltersProps) {
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  const adminOptions = [
    { value: '', label: 'All admins' },
    ...admins.map((admin) => ({ value: String(admin.id), label: admin.username })),
  ];
  return (
    <>
      <FilterSelect
        label="Filter by entity"
        options={ALL_ENTITIES}
        value={filters.entity}
        onChange={(entity) => set({ entity })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label="Filter by action"
        options={ALL_ACTIONS}
        value={filters.action}
        onChange={(action) => set({ action })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label="Filter by admin"
        options={adminOptions}
        value={filters.admin}
        onChange={(admin) => set({ admin })}
        width={SELECT_WIDTH}
      />
      {(['from', 'to'] as const).map((end) => (
        <Input
          key={end}
          type="date"
          aria-label={end === 'from' ? 'From date' : 'To date'}
          width={{ sm: '10rem' }}
          value={filters[end]}
          onChange={(event) => set({ [end]: event.target.value })}
        />
      ))}
    </>
  );
}
