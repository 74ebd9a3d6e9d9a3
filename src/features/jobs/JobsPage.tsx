import { useCallback, useState } from 'react';
import type { Job, ListJobsParams } from '@generated/model';
import { getListJobsKey, retryJob } from '@generated/hooks/jobs/jobs';
import { useServerList } from '@/components/list-screen';
import { withToasts } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { serverMessage } from '@/lib/http';
import { jobQuery, NO_FILTERS } from './job-filters';
import { JobsView } from './JobsView';
import { t } from './messages';

/**
 * The background jobs (/admin/jobs): the server filters and pages them, and refuses them (403)
 * to the roles without jobs:read, whose refusal is shown as it comes. A retried job is queued
 * again and the list reloads; a refusal (409: it is no longer dead) is toasted as the server says,
 * and the list reloads too.
 */
export function JobsPage() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const list = useServerList<Job, ListJobsParams>({ keyOf: getListJobsKey, ...jobQuery(filters) });
  const { mutate, error } = list;
  const [retrying, setRetrying] = useState<number | null>(null);
  const canRetry = usePermission('jobs:write');
  // The button waits until the list shows the job queued again.
  const retry = useCallback(
    (id: number) => {
      setRetrying(id);
      // Reloaded after a refusal too: a 409 means someone else retried it, and the list shows so.
      void withToasts(() => retryJob(id), { success: t('retried'), failure: t('retryFailed') })
        .then(() => mutate())
        .finally(() => setRetrying(null));
    },
    [mutate],
  );
  return (
    <JobsView
      list={list}
      loadError={error ? serverMessage(error, t('loadFailed')) : null}
      filters={filters}
      onChange={setFilters}
      onRetry={canRetry ? retry : undefined}
      retrying={retrying}
    />
  );
}
