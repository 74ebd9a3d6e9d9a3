// E-mails sent once (issue #33): the job queue runs a job at least once (a worker that dies, or
// stalls past its lease, leaves its job to another), so the `mail.send` handler records here
// that it is sending a job's e-mail and then that it was sent (mail/deliveries.ts); a run that
// finds the e-mail sent does not send it again.
// - job_id: the `mail.send` job; the row goes with the job when done jobs are pruned;
// - run: a random id of the run that took the sending (a stalled run cannot record another's);
// - sent_at: null while being sent (or when that run stopped before it could record the send).
import type { Kysely, Migration } from 'kysely';

export function mailDeliveries(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_deliveries')
        .addColumn('job_id', 'integer', (c) =>
          c.primaryKey().references('jobs.id').onDelete('cascade'),
        )
        .addColumn('run', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_deliveries').execute();
    },
  };
}
