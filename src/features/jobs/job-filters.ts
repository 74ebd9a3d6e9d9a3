import type { JobStatus, ListJobsParams } from '@generated/model';

/** The toolbar's filters of the jobs: '' is 'all'; `kind` is the server's name of a kind. */
export interface JobFilters {
  status: JobStatus | '';
  kind: string;
}

export const NO_FILTERS: JobFilters = { status: '', kind: '' };

/** Some filter narrows the list (the count then says '1 of 6 jobs'). */
export const isFiltered = ({ status, kind }: JobFilters) => Boolean(status || kind);

/** The list operation's params: the filters chosen, none for 'all'. */
export const jobParams = ({ status, kind }: JobFilters): ListJobsParams => ({
  status: status || undefined,
  kind: kind || undefined,
});
