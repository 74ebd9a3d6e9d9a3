import { getListJobsKey } from '@generated/hooks/jobs/jobs';
import { preloadFirstPage } from '@/lib/swr/paged-list';

/** Starts the jobs' first request (the route table, while the screen's code loads). */
export const preloadJobs = () => preloadFirstPage(getListJobsKey, {});
