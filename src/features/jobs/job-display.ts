import type { BadgeProps } from '@chakra-ui/react';
import type { Job, JobStatus } from '@generated/model';
import { BADGE_PROPS } from '@/components/list-screen';
import { formatDateTime } from '@/lib/format';
import { t } from './messages';
import en from './messages/en.json';

/** The kinds of job the server runs (server/src/jobs/), in the order the kind filter offers them. */
export const JOB_KINDS = [
  'mail.send',
  'order.email',
  'teif.submit',
  'webhook.deliver',
  'catalogue.import_images',
  'media.sweep',
  'audit.retention',
  'jobs.prune',
  'webhooks.prune',
  'db.integrity',
  'backup.run',
] as const;

/** What a kind of job is called on the screen ('E-mails'); an unknown kind as the server names it. */
export function kindLabel(kind: string): string {
  const key = `kind.${kind}`;
  return key in en ? t(key as keyof typeof en) : kind;
}

/** A kind as the filter offers it: its name, then the server's ('E-mails (mail.send)'). */
export const kindOption = (kind: string) => t('kindOption', { label: kindLabel(kind), kind });

/** 'Queued', 'Running', 'Done', and 'Failed' for a dead job. */
export const statusLabel = (status: JobStatus) => t(`status.${status}`);

/** Failed red, done green, running blue, queued grey. */
const STATUS_BADGES: Record<JobStatus, Pick<BadgeProps, 'variant' | 'colorPalette'>> = {
  queued: BADGE_PROPS.secondary,
  running: { variant: 'subtle', colorPalette: 'blue' },
  done: { variant: 'subtle', colorPalette: 'green' },
  dead: BADGE_PROPS.destructive,
};

/** One line of the jobs table, its texts computed once. */
export interface JobRow {
  id: number;
  kind: string;
  status: string;
  badge: Pick<BadgeProps, 'variant' | 'colorPalette'>;
  /** '3 of 5'. */
  attempts: string;
  /** The last failure's message, '-' when none. */
  lastError: string;
  created: string;
  finished: string;
  /** A dead job may be run again. */
  retryable: boolean;
}

/** The table rows of the jobs, in the order the API returned them (newest first). */
export function toJobRows(jobs: readonly Job[]): JobRow[] {
  return jobs.map((job) => ({
    id: job.id,
    kind: kindLabel(job.kind),
    status: statusLabel(job.status),
    badge: STATUS_BADGES[job.status],
    attempts: t('attempts', { attempts: job.attempts, max: job.max_attempts }),
    lastError: job.last_error || '-',
    created: formatDateTime(job.created_at),
    finished: formatDateTime(job.finished_at),
    retryable: job.status === 'dead',
  }));
}
