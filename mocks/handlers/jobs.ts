import type { AdminRole, Job } from '@generated/model';
import { jobs as fixtures } from '../fixtures';
import {
  adminListEndpoint,
  endpoint,
  forPermission,
  json,
  notFound,
  type ListSpec,
} from './endpoint';

/** What listJobs does with its filters; the jobs stay newest first. */
const jobListSpec: ListSpec<Job> = {
  filters: {
    status: (job, status) => job.status === status,
    kind: (job, kind) => job.kind === kind,
  },
};

export const jobs = {
  /** GET /admin/jobs/ (status, kind, skip/limit, X-Total-Count), asked by an admin of `role`. */
  list: adminListEndpoint('/admin/jobs/', jobListSpec, 'jobs:read', fixtures),
  /** POST /admin/jobs/{id}/retry: a dead job comes back queued; 409 for any other, 404 unknown. */
  retry: endpoint(
    'post',
    '/admin/jobs/:id/retry',
    (items: readonly Job[] = fixtures, role: AdminRole = 'super_admin') =>
      ({ params }) =>
        forPermission('jobs:write', role, () => {
          const job = items.find((j) => j.id === Number(params.id));
          if (!job) return notFound('Job not found');
          if (job.status !== 'dead') {
            return json(
              { detail: `Only a dead job can be retried; this one is ${job.status}` },
              409,
            );
          }
          return json({ ...job, status: 'queued', attempts: 0, finished_at: null });
        }),
  ),
};
