import { JobStatus } from '@generated/model';
import { FilterSelect, filterChoices } from '@/components/list-screen';
import { JOB_KINDS, kindOption, statusLabel } from './job-display';
import type { JobFilters } from './job-filters';
import { useT } from './messages';

const SELECT_WIDTH = { base: 'full', sm: '14rem' };

export interface JobsFiltersProps {
  filters: JobFilters;
  onChange: (filters: JobFilters) => void;
}

/** Status and kind of the jobs (each sent to the server). */
export function JobsFilters({ filters, onChange }: JobsFiltersProps) {
  const t = useT();
  return (
    <>
      <FilterSelect
        label={t('filterByStatus')}
        options={filterChoices(t('allStatuses'), Object.values(JobStatus), statusLabel)}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
        width={SELECT_WIDTH}
      />
      <FilterSelect
        label={t('filterByKind')}
        options={filterChoices<string>(t('allKinds'), JOB_KINDS, kindOption)}
        value={filters.kind}
        onChange={(kind) => onChange({ ...filters, kind })}
        width={SELECT_WIDTH}
      />
    </>
  );
}
