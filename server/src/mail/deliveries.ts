// The `mail.send` job sends its e-mail once, although the queue runs a job at least once
// (jobs/worker.ts: a run whose outcome was not recorded, because its instance died or stalled
// past its lease, is run again). Each run reads the job's row of mail_deliveries
// (024_mail_deliveries) first:
// - sent: nothing is sent again, and the job is done;
// - none: the run takes the sending (inserts the row, `sent_at` null), sends, then records it sent;
// - taken but never recorded sent: the earlier run stopped between taking the sending and
//   recording it, so nobody knows whether the mail server got the e-mail. It is sent again (a
//   sign-in link that never arrives is worse than one that arrives twice), with a warning.
// The one duplicate that remains possible is therefore that of a run that stopped after the mail
// server (or the outbox folder) took the e-mail and before the row said so: no mail server takes
// part in our transaction, so no order of the two steps avoids both a loss and a duplicate, and
// this order chooses the duplicate. A send that fails gives the sending back (the row is
// deleted), so the retry sends as a first run would.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClaimedJob } from '../jobs/queue';
import type { Database } from '../db/schema';
import type { Mailer, MailMessage } from './transport';

interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DeliveryOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  now: () => Date;
  log: DeliveryLog;
}

/** Thrown when another run holds the sending (the job fails this attempt and is retried). */
class SendingTakenError extends Error {}

/** A `mail.send` handler: the job's message, sent once (see above). */
export function sendOnce({ db, mailer, now, log }: DeliveryOptions) {
  return async (message: MailMessage, job: Pick<ClaimedJob, 'id'>): Promise<void> => {
    const run = randomUUID();
    const details = { job: job.id, to: message.to };
    const earlier = await db
      .selectFrom('mail_deliveries')
      .select(['run', 'sent_at'])
      .where('job_id', '=', job.id)
      .executeTakeFirst();
    if (earlier?.sent_at) {
      log.info({ ...details, sentAt: earlier.sent_at }, 'E-mail sent already: not sent again');
      return;
    }
    const startedAt = now().toISOString();
    // Conditional writes: of two runs taking the sending at once, one gets it.
    const taken = earlier
      ? await db
          .updateTable('mail_deliveries')
          .set({ run, started_at: startedAt })
          .where('job_id', '=', job.id)
          .where('run', '=', earlier.run)
          .where('sent_at', 'is', null)
          .executeTakeFirst()
          .then((r) => Number(r.numUpdatedRows) === 1)
      : await db
          .insertInto('mail_deliveries')
          .values({ job_id: job.id, run, started_at: startedAt, sent_at: null })
          .onConflict((oc) => oc.column('job_id').doNothing())
          .executeTakeFirst()
          .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0) === 1);
    if (!taken) throw new SendingTakenError('Another run of this job is sending its e-mail');
    if (earlier) {
      log.warn(
        details,
        'An earlier run stopped while sending this e-mail: it is sent again and may arrive twice',
      );
    }
    try {
      await mailer.send(message);
    } catch (err) {
      // Not given back (the database failing too): the retry warns and sends, as after a crash.
      await db
        .deleteFrom('mail_deliveries')
        .where('job_id', '=', job.id)
        .where('run', '=', run)
        .execute()
        .catch(() => undefined);
      throw err;
    }
    await db
      .updateTable('mail_deliveries')
      .set({ sent_at: now().toISOString() })
      .where('job_id', '=', job.id)
      .where('run', '=', run)
      .execute();
  };
}
