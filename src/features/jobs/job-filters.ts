import type { JobStatus, ListJobsParams } from '@generated/model';

/** The toolbar's filters of the jobs: '' is 'all'; `kind` is the server's name of a kind. */
export interface JobFilters {
  status: JobStatus | '';
  kind: string;
}

export const NO_FILTERS: JobFilters = { status: '', kind: '' };

/**
 * What the list asks the server: the chosen filters (none for 'all'), and, when some filter
 * narrows it, the unfiltered list whose total is the 'of 6' of '1 of 6 jobs'.
 */
export function jobQuery({ status, kind }: JobFilters) {
  const params: ListJobsParams = { status: status || undefined, kind: kind || undefined };
  return { params, unfiltered: status || kind ? {} : null };
}
